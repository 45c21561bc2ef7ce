// /admin/:resource/update/:id (SPEC §2, online, verify, role): the record's form from the
// clientLoader, the save through the clientAction (app/lib/admin-actions.ts).
import { LeadPhotos } from "~/components/admin/lead-photos";
import { AdminFormLoading, AdminFormScreen } from "~/components/admin/resource-form";
import { loadAdminForm, saveAdminForm } from "~/lib/admin-actions";
import { sectionTitle } from "~/lib/auth";
import { noindexMeta } from "~/lib/seo";
import { adminPages } from "../../../content/account-pages";
import type { Route } from "./+types/update";

export const meta = ({ params }: Route.MetaArgs) =>
  noindexMeta({ title: `Editar · ${sectionTitle(params.resource)}`, ...adminPages.update });

export const clientLoader = ({ params }: Route.ClientLoaderArgs) =>
  loadAdminForm(params.resource, params.id);
clientLoader.hydrate = true as const;

export const clientAction = ({ params, request }: Route.ClientActionArgs) =>
  saveAdminForm(params.resource, request, true);

export const HydrateFallback = AdminFormLoading;

export default function AdminUpdate({ params, loaderData }: Route.ComponentProps) {
  return (
    <AdminFormScreen
      resource={params.resource}
      heading={`Editar registro n.º ${params.id}`}
      loaded={loaderData}
      id={params.id}
    >
      {/* What the visitor attached to a lead (decision 131). */}
      {params.resource === "contacts" ? <LeadPhotos key={params.id} id={params.id} /> : null}
    </AdminFormScreen>
  );
}
