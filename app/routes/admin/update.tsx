// /admin/:resource/update/:id (SPEC §2, online, verify, role).
import { LeadPhotos } from "~/components/admin/lead-photos";
import { ResourceForm } from "~/components/admin/resource-form";
import { sectionTitle } from "~/lib/auth";
import { noindexMeta } from "~/lib/seo";
import { adminPages } from "../../../content/account-pages";
import type { Route } from "./+types/update";

export const meta = ({ params }: Route.MetaArgs) =>
  noindexMeta({ title: `Editar · ${sectionTitle(params.resource)}`, ...adminPages.update });

export default function AdminUpdate({ params }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <p className="text-ink-soft">{sectionTitle(params.resource)}</p>
      <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">
        Editar registro n.º {params.id}
      </h1>
      <ResourceForm
        key={`${params.resource}/${params.id}`}
        resource={params.resource}
        id={params.id}
      />
      {/* What the visitor attached to a lead (decision 131). */}
      {params.resource === "contacts" ? <LeadPhotos key={params.id} id={params.id} /> : null}
    </div>
  );
}
