import { LegalPage } from "~/components/legal-page";
import { pageMeta } from "~/lib/seo";
import { terms } from "../../content/legal/terms";
import type { Route } from "./+types/terms-and-conditions";

/** The text travels as pre-rendered loader data, not as JavaScript (034). */
export function loader() {
  return { document: terms };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta({ ...loaderData.document.seo, path: loaderData.document.path }) : [];

export default function LegalRoute({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={loaderData.document} />;
}
