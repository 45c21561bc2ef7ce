import { LegalPage } from "~/components/legal-page";
import { pageMeta } from "~/lib/seo";
import { terms } from "../../content/legal/terms";
import type { Route } from "./+types/terms-and-conditions";

export const meta: Route.MetaFunction = () => pageMeta({ ...terms.seo, path: terms.path });

export default function LegalRoute() {
  return <LegalPage document={terms} />;
}
