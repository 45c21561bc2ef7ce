// /admin/:resource/create and /admin/:resource/update/:id (SPEC §2, online, verify, role): one
// module registered for both addresses in app/routes.ts, each with the route id it had, since the
// two screens differ only by the record's id (as the legal pages differ only by their text). The
// form's fields, empty or the record's, from the clientLoader; the save through the clientAction
// (app/admin/lib/actions.ts).
import { CampaignPreview } from "~/admin/components/campaign-preview";
import { LeadPhotos } from "~/admin/components/lead-photos";
import { AdminFormLoading, AdminFormScreen } from "~/admin/components/resource-form";
import { adminMeta, loadAdminForm, saveAdminForm } from "~/admin/lib/actions";
import type { Route } from "./+types/form";

/** What the create screen (no id) and the update screen (the record's id) say. */
const screenOf = (id: string | undefined) =>
  id === undefined
    ? { meta: adminMeta("create", "Crear"), heading: "Crear registro" }
    : { meta: adminMeta("update", "Editar"), heading: `Editar registro n.º ${id}` };

/** The edit form names its record too, once loaded, as its detail view does. */
export const meta = (args: Route.MetaArgs) => {
  const loaded = args.loaderData;
  const record = loaded && "form" in loaded ? loaded.form.record_title : undefined;
  return screenOf(args.params.id).meta(args, record);
};

export const clientLoader = ({ params }: Route.ClientLoaderArgs) =>
  loadAdminForm(params.resource, params.id);
clientLoader.hydrate = true as const;

export const clientAction = ({ params, request }: Route.ClientActionArgs) =>
  saveAdminForm(params.resource, request, params.id !== undefined);

export const HydrateFallback = AdminFormLoading;

export default function AdminForm({ params, loaderData }: Route.ComponentProps) {
  const { resource, id } = params;
  return (
    <AdminFormScreen
      resource={resource}
      heading={screenOf(id).heading}
      loaded={loaderData}
      id={id}
      aside={
        // A campaign is written beside the mail it makes (decision 259).
        resource === "campaigns"
          ? (values) => (
              <CampaignPreview
                subject={String(values.subject ?? "")}
                body={String(values.body ?? "")}
              />
            )
          : undefined
      }
    >
      {/* What the visitor attached to a lead (decision 131). */}
      {id !== undefined && resource === "contacts" ? <LeadPhotos key={id} id={id} /> : null}
    </AdminFormScreen>
  );
}
