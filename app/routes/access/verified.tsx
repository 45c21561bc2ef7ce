// Layout route of client-rendered screens. Needs sign-in and a verified e-mail (SPEC §2 online, verify).
import { SessionUnknown } from "~/components/account/session-unknown";
import { AccessGate, accessMiddleware, type Marker, SessionPending } from "~/lib/access";

const markers: Marker[] = ["online", "verify"];

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
  return <AccessGate markers={markers} whileUnknown={<SessionUnknown />} />;
}
