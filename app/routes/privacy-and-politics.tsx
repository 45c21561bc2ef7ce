import { LegalPage } from "~/components/legal-page";
import { pageMeta } from "~/lib/seo";
import { privacy } from "../../content/legal/privacy";
import type { Route } from "./+types/privacy-and-politics";

export const meta: Route.MetaFunction = () => pageMeta({ ...privacy.seo, path: privacy.path });

export default function LegalRoute() {
  return <LegalPage document={privacy} />;
}
