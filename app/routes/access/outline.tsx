// Layout route of client-rendered screens. Only signed-out visitors (SPEC §2 outline): signed-in users go to /dashboard.
import { AccessGate, accessMiddleware, type Marker, SessionPending } from "~/lib/access";

const markers: Marker[] = ["outline"];

export const clientMiddleware = [accessMiddleware(...markers)];

// Nothing here depends on the server: the browser decides once it knows the session.
export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <SessionPending />;
}

export default function Layout() {
  return <AccessGate markers={markers} />;
}
