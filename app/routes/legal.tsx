// The three legal pages (SPEC §2): one module, registered once per address in app/routes.ts;
// the address picks the document.
import { data } from "react-router";
import { LegalPage } from "~/components/legal-page";
import { pageMeta } from "~/lib/seo";
import { cookies } from "../../content/legal/cookies";
import { privacy } from "../../content/legal/privacy";
import { terms } from "../../content/legal/terms";
import type { Route } from "./+types/legal";

const documents = [terms, privacy, cookies];

/** The text travels as pre-rendered loader data, not as JavaScript (034). */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const document = documents.find(({ path }) => path === pathname);
  if (!document) throw data(null, { status: 404 });
  return { document };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta({ ...loaderData.document.seo, path: loaderData.document.path }) : [];

export default function LegalRoute({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
