import { data } from "react-router";
import { NotFoundPage, notFoundMeta } from "~/components/not-found-page";

/** Any path no other route matches: the Not Found page of SPEC §2, with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = notFoundMeta;

export default function NotFound() {
  return <NotFoundPage />;
}
