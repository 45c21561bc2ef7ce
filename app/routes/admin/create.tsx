// /admin/:resource/create (SPEC §2, online, verify, role).
import { ResourceForm } from "~/components/admin/resource-form";
import { accountMeta } from "~/lib/account-forms";
import { sectionTitle } from "~/lib/auth";
import type { Route } from "./+types/create";

export const meta = ({ params }: Route.MetaArgs) =>
  accountMeta(`Crear · ${sectionTitle(params.resource)}`);

export default function AdminCreate({ params }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <p className="text-ink-soft">{sectionTitle(params.resource)}</p>
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Crear registro</h1>
      <ResourceForm key={params.resource} resource={params.resource} />
    </div>
  );
}
