// /admin/:resource/create (SPEC §2, online, verify, role): the form's fields from the
// clientLoader, the save through the clientAction (app/lib/admin-actions.ts).
import { AdminFormLoading, AdminFormScreen } from "~/components/admin/resource-form";
import { loadAdminForm, saveAdminForm } from "~/lib/admin-actions";
import { sectionTitle } from "~/lib/auth";
import { noindexMeta } from "~/lib/seo";
import { adminPages } from "../../../content/account-pages";
import type { Route } from "./+types/create";

export const meta = ({ params }: Route.MetaArgs) =>
  noindexMeta({ title: `Crear · ${sectionTitle(params.resource)}`, ...adminPages.create });

export const clientLoader = ({ params }: Route.ClientLoaderArgs) => loadAdminForm(params.resource);
clientLoader.hydrate = true as const;

export const clientAction = ({ params, request }: Route.ClientActionArgs) =>
  saveAdminForm(params.resource, request, false);

export const HydrateFallback = AdminFormLoading;

export default function AdminCreate({ params, loaderData }: Route.ComponentProps) {
  return (
    <AdminFormScreen resource={params.resource} heading="Crear registro" loaded={loaderData} />
  );
}
