// Layout route of client-rendered screens. Needs sign-in and a verified e-mail (SPEC §2 online, verify).
import { SessionUnknown } from "~/components/account/session-unknown";
import { accessLayout } from "~/lib/access-layout";

const layout = accessLayout(["online", "verify"], <SessionUnknown />);

export const clientMiddleware = layout.clientMiddleware;
export const clientLoader = layout.clientLoader;
export const HydrateFallback = layout.HydrateFallback;
export default layout.Layout;
