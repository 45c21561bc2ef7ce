import type { ReactNode } from "react";
import { Link } from "react-router";
import { waitingSince } from "~/admin/components/record-value";
import type { AdminList, AdminRecord } from "~/admin/lib/records";

/** How long a record in the first step of its status has waited (an unanswered lead). */
function Waiting({ record, list }: { record: AdminRecord; list: AdminList }) {
  const status = list.tools?.status;
  if (!status || record[status.field] !== status.options[0]?.value) return null;
  const waited = waitingSince(record.created_at);
  return waited ? (
    <span className="mt-1 block text-xs font-normal text-terracotta-dark">Espera {waited}</span>
  ) : null;
}

/** What staff must not miss about a record (a lead to phone: decision 180), in the server's words. */
function Alert({ record }: { record: AdminRecord }) {
  return record.record_alert ? (
    <span className="mt-1 block w-fit rounded border border-terracotta-dark/40 bg-terracotta/5 px-1.5 text-xs font-medium text-terracotta-dark">
      {record.record_alert}
    </span>
  ) : null;
}

/**
 * A record's title in the table's row and on its card: the link to the record's page, then what
 * the row shows under it (its summary), how long the record has waited and its alert.
 */
export function RecordTitle({
  resource,
  list,
  record,
  className,
  children,
}: {
  resource: string;
  list: AdminList;
  record: AdminRecord;
  className: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Link to={`/admin/${resource}/detail/${record.id}`} className={className}>
        {record.record_title}
      </Link>
      {children}
      <Waiting record={record} list={list} />
      <Alert record={record} />
    </>
  );
}
