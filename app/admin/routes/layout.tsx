// Layout route of the admin screens (SPEC §2 online, verify, role; §6 the first role's permission
// for :resource), inside the admin area's own frame: a side navigation with the sections the role
// allows and their counts, the signed-in user, no marketing chrome (issue 13).
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { AdminFrame, AdminLoading } from "~/admin/components/admin-frame";
import type { AdminSummary } from "~/admin/lib/records";
import { SessionUnknown } from "~/components/account/session-unknown";
import { AccessGate, accessMiddleware } from "~/lib/access";
import { enrolmentFirst, rememberingReturn } from "~/lib/access-layout";
import { api } from "~/lib/api";

const markers = ["online", "verify", "role"] as const;

export const clientMiddleware = [rememberingReturn(accessMiddleware(...markers)), enrolmentFirst];

/**
 * The side navigation's sections and counts, read again after every change staff make (React
 * Router revalidates layout loaders after actions), so "Nuevos" follows the inbox. A failure
 * leaves the navigation drawn from the user's permissions alone.
 */
export async function clientLoader(): Promise<AdminSummary | null> {
  try {
    return await api<AdminSummary>("GET", "admin/summary", undefined, { silent: true });
  } catch (error) {
    console.error("Admin summary failed", error);
    return null;
  }
}
clientLoader.hydrate = true as const;

/**
 * The counts change only when staff change something: reloaded after a submission that writes
 * (POST), not on every filter, page or section visited (each would count every section again).
 */
export function shouldRevalidate({ formMethod }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== "GET";
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminLayout({ loaderData }: { loaderData: AdminSummary | null }) {
  return (
    <AdminFrame summary={loaderData}>
      <AccessGate markers={markers} whileUnknown={<SessionUnknown />} />
    </AdminFrame>
  );
}
