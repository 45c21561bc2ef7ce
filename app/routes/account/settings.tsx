// /settings (SPEC §2, online, verify): only an under-construction message for now.
import { UnderConstruction } from "~/components/account/under-construction";
import { accountMeta } from "~/lib/account-forms";

export const meta = () => accountMeta("Configuración");

export default function Page() {
  return <UnderConstruction title="Configuración" />;
}
