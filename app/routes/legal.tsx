// The three legal pages (SPEC §2): one module, registered once per address in app/routes.ts;
// the address picks the document.
import { data } from "react-router";
import { LegalPage } from "~/components/legal-page";
import { pageMeta, trail } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data.server";
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
  // The trail the page shows (LegalPage), as structured data.
  const crumbs = trail({ name: document.title, path: document.path });
  return { document, jsonLd: [breadcrumbJsonLd(crumbs)] };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? pageMeta({
        ...loaderData.document.seo,
        path: loaderData.document.path,
        jsonLd: loaderData.jsonLd,
      })
    : [];

export default function LegalRoute({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
