import { Link } from "react-router";
import { DeleteButton } from "~/admin/components/delete-button";
import { Refusal } from "~/admin/components/refusal";
import { useRecordDelete } from "~/admin/lib/actions";
import type { AdminDetail } from "~/admin/lib/records";

/** A record's page's own buttons: edit and delete, as the server allows them. */
export function RecordButtons({
  resource,
  detail,
  title,
}: {
  resource: string;
  detail: AdminDetail;
  title: string;
}) {
  const deletion = useRecordDelete(detail.data.id, title);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {detail.routes.includes("update") ? (
        <Link
          to={`/admin/${resource}/update/${detail.data.id}`}
          className="rounded-md border border-ink/30 px-4 py-2 font-medium text-ink hover:bg-sand-100"
        >
          Editar
        </Link>
      ) : null}
      {detail.routes.includes("delete") ? (
        <DeleteButton deletion={deletion}>Borrar</DeleteButton>
      ) : null}
      <Refusal answer={deletion.refused} className="text-sm text-terracotta-dark" />
    </div>
  );
}
