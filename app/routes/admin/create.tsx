// /admin/:resource/create (SPEC §2, online, verify, role).
import { ResourceForm } from "~/components/admin/resource-form";
import { sectionTitle } from "~/lib/auth";
import { noindexMeta } from "~/lib/seo";
import { adminPages } from "../../../content/account-pages";
import type { Route } from "./+types/create";

export const meta = ({ params }: Route.MetaArgs) =>
  noindexMeta({ title: `Crear · ${sectionTitle(params.resource)}`, ...adminPages.create });

export default function AdminCreate({ params }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <p className="text-ink-soft">{sectionTitle(params.resource)}</p>
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">Crear registro</h1>
      <ResourceForm key={params.resource} resource={params.resource} />
    </div>
  );
}
