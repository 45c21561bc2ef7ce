// The three legal pages (SPEC §2): one module, registered once per address in app/routes.ts;
// the address picks the document.
import { data } from "react-router";
import { LegalPage } from "~/components/legal-page";
import { pageMeta, trail } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data.server";
import { cookiesFor } from "../../content/legal/cookies";
import { privacyFor } from "../../content/legal/privacy";
import { termsFor } from "../../content/legal/terms";
import { siteContentContext } from "../../content/site-content";
import type { Route } from "./+types/legal";

/**
 * The text travels as loader data, not as JavaScript (034), with the company's facts as staff
 * published them (the legal notice's owner, NIF, address and registry: LSSI-CE art. 10).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const company = await context.get(siteContentContext).get("company");
  const documents = [termsFor(company), privacyFor(company), cookiesFor(company)];
  const document = documents.find(({ path }) => path === pathname);
  if (!document) throw data(null, { status: 404 });
  // The trail the page shows (LegalPage), as structured data.
  const crumbs = trail({ name: document.title, path: document.path });
  return { document, jsonLd: [breadcrumbJsonLd(crumbs)] };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(
        {
          ...loaderData.document.seo,
          path: loaderData.document.path,
          jsonLd: loaderData.jsonLd,
        },
        matches,
      )
    : [];

export default function LegalRoute({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
