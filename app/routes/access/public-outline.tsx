// Layout route. Pre-rendered pages only for signed-out visitors (the home page, SPEC §2 outline).
// No client middleware here: on hydration it would make React Router replace the pre-rendered
// HTML with a fallback and wait for GET /api/user. The gate checks after hydration instead,
// and renders nothing while a redirect is pending, so a client navigation never flashes the page.
import { AccessGate, type Marker } from "~/lib/access";

const markers: Marker[] = ["outline"];

export default function Layout() {
  return <AccessGate markers={markers} />;
}
