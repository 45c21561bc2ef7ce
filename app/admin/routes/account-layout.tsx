// Layout route of the staff member's own screens (decisions 220, 221): signed in, a verified
// e-mail, a staff account (SPEC §2 online, verify; the server sends `two_factor` to staff only),
// inside the admin's frame. Unlike the admin sections it needs no permission, and it is where a
// staff member whose second factor is due but missing is sent (enrolmentFirst).
import { type MiddlewareFunction, redirect } from "react-router";
import { AdminFrame, AdminLoading } from "~/admin/components/admin-frame";
import { SessionUnknown } from "~/components/account/session-unknown";
import { AccessGate, accessMiddleware } from "~/lib/access";
import { rememberingReturn } from "~/lib/access-layout";
import { restoreSession } from "~/lib/auth";

const markers = ["online", "verify"] as const;

/** Customers have no such screen: their own goes on being /dashboard. */
const staffOnly: MiddlewareFunction = async () => {
  const { user } = await restoreSession();
  if (user && !user.two_factor) throw redirect("/dashboard");
};

export const clientMiddleware = [rememberingReturn(accessMiddleware(...markers)), staffOnly];

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AccountLayout() {
  return (
    <AdminFrame summary={null}>
      <AccessGate markers={markers} whileUnknown={<SessionUnknown />} />
    </AdminFrame>
  );
}
