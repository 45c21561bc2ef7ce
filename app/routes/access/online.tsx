// Layout route of client-rendered screens. Needs sign-in (SPEC §2 online): visitors go to /login.
import { SessionUnknown } from "~/components/account/session-unknown";
import { accessLayout } from "~/lib/access-layout";

const layout = accessLayout(["online"], <SessionUnknown />);

export const clientMiddleware = layout.clientMiddleware;
export const clientLoader = layout.clientLoader;
export const HydrateFallback = layout.HydrateFallback;
export default layout.Layout;
