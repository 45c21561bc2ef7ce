import { Link } from "react-router";
import { DeleteButton } from "~/admin/components/delete-button";
import { RowMenu } from "~/admin/components/row-menu";
import { useRecordDelete } from "~/admin/lib/actions";
import type { AdminList, AdminRecord } from "~/admin/lib/records";

/**
 * The record's screens and the actions the server allows; delete after a confirmation. `compact`
 * in a table's row: all of them behind one «⋯» button, so the row stays one line of actions and
 * the table fits beside the navigation (issue 37).
 */
export function RecordActions({
  resource,
  record,
  list,
  compact = false,
  inline = false,
}: {
  resource: string;
  list: AdminList;
  record: AdminRecord;
  compact?: boolean;
  /**
   * Beside the status on a lead's card: no «Ver» (the card's title opens the record), no space
   * above, each button 44 px tall (decision 256).
   */
  inline?: boolean;
}) {
  const title = record.record_title;
  const deletion = useRecordDelete(record.id, title);
  const { refused, deleting } = deletion;
  // A refusal on a rule (own account, a super admin's, the last one) says why.
  const failure = refused && !refused.ok && !deleting ? refused.message : "";

  const action = `rounded-md border border-ink/30 font-medium text-ink hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-focus ${compact || inline ? "inline-flex min-h-11 items-center px-3" : "px-3 py-1.5"}`;
  const actions = (
    <div className={compact ? "contents" : `flex flex-wrap gap-2 ${inline ? "" : "mt-3"}`}>
      {inline ? null : (
        <Link to={`/admin/${resource}/detail/${record.id}`} className={action}>
          Ver<span className="sr-only"> {title}</span>
        </Link>
      )}
      {(list.screens ?? []).map((screen) => (
        <Link
          key={screen.path}
          to={`/admin/${resource}/${screen.path}/${record.id}`}
          aria-label={`${screen.label}: ${title}`}
          className={action}
        >
          {screen.label}
        </Link>
      ))}
      {list.routes.includes("update") ? (
        <Link
          to={`/admin/${resource}/update/${record.id}`}
          aria-label={`Editar ${title}`}
          className={action}
        >
          Editar
        </Link>
      ) : null}
      {list.routes.includes("delete") ? (
        <DeleteButton deletion={deletion}>
          Borrar<span className="sr-only"> {title}</span>
        </DeleteButton>
      ) : null}
    </div>
  );
  return (
    <>
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-terracotta-dark">
          {failure}
        </p>
      ) : null}
      {compact ? <RowMenu label={`Acciones: ${title}`}>{actions}</RowMenu> : actions}
    </>
  );
}
