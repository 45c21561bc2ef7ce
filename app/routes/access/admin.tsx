// Layout route of client-rendered screens. Admin screens (SPEC §2 online, verify, role; §6 the first role's permission for :resource).
import { SessionUnknown } from "~/components/account/session-unknown";
import { accessLayout } from "~/lib/access-layout";

const layout = accessLayout(["online", "verify", "role"], <SessionUnknown />);

export const clientMiddleware = layout.clientMiddleware;
export const clientLoader = layout.clientLoader;
export const HydrateFallback = layout.HydrateFallback;
export default layout.Layout;
