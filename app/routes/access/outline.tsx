// Layout route of client-rendered screens. Only signed-out visitors (SPEC §2 outline): signed-in users go to /dashboard.
import { accessLayout } from "~/lib/access-layout";

const layout = accessLayout(["outline"]);

export const clientMiddleware = layout.clientMiddleware;
export const clientLoader = layout.clientLoader;
export const HydrateFallback = layout.HydrateFallback;
export default layout.Layout;
