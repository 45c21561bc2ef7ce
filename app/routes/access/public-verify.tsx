// Layout route. Pre-rendered public pages marked "both, verify" (SPEC §2): anyone may open them, a signed-in user whose e-mail is not verified goes to /dashboard.
// No client middleware here: on hydration it would make React Router replace the pre-rendered
// HTML with a fallback and wait for GET /api/user. The gate checks after hydration instead,
// and renders nothing while a redirect is pending, so a client navigation never flashes the page.
import { AccessGate, type Marker } from "~/lib/access";

const markers: Marker[] = ["verify"];

export default function Layout() {
  return <AccessGate markers={markers} />;
}
