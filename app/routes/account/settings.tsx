// /settings (SPEC §2, online, verify): only an under-construction message for now.
import { UnderConstruction } from "~/components/account/under-construction";
import { noindexMeta, type PageMatches } from "~/lib/seo";
import { accountPages } from "../../../content/account-pages";

export const meta = ({ matches }: { matches: PageMatches }) =>
  noindexMeta(accountPages.settings, matches);

export default function Page() {
  return <UnderConstruction title="Configuración" />;
}
