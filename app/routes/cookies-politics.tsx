import { LegalPage } from "~/components/legal-page";
import { pageMeta } from "~/lib/seo";
import { cookies } from "../../content/legal/cookies";
import type { Route } from "./+types/cookies-politics";

export const meta: Route.MetaFunction = () => pageMeta({ ...cookies.seo, path: cookies.path });

export default function LegalRoute() {
  return <LegalPage document={cookies} />;
}
