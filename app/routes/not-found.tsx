import { data } from "react-router";
import { NotFoundPage, notFoundMeta } from "~/components/not-found-page";
import type { Route } from "./+types/not-found";

/** Any path no other route matches: the Not Found page of SPEC §2, with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches }) => notFoundMeta(matches);

export default function NotFound() {
  return <NotFoundPage />;
}
