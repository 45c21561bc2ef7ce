import { Link, useSearchParams } from "react-router";
import { PickBox, picksRows } from "~/admin/components/pick-box";
import { RecordActions } from "~/admin/components/record-actions";
import { RecordTitle } from "~/admin/components/record-title";
import { RecordValue } from "~/admin/components/record-value";
import { RecordStatus } from "~/admin/components/status-control";
import type { AdminList } from "~/admin/lib/records";
import { shortFieldsOf } from "~/admin/lib/short-fields";

/** The wide screens' table: a column per listed field, the title linking to the detail view. */
export function RecordTable({
  resource,
  list,
  selected,
  onToggle,
  onToggleAll,
}: {
  resource: string;
  list: AdminList;
  selected: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
}) {
  const [search] = useSearchParams();
  const records = list.data.data;
  const status = list.tools?.status;
  // The table's own way with the list (decision 169): the summary under each title, the wide
  // columns only on screens that have room for them; short values keep their words whole.
  const summary = list.table_layout?.summary;
  const wide = new Set(list.table_layout?.wide ?? []);
  // The field the titles are drawn from (a subscription's address) heads the first column.
  const titleField = list.table_layout?.title;
  const columns = Object.entries(list.parameter_titles).filter(
    ([field]) => field !== summary && field !== titleField,
  );
  const dates = new Set(list.date_fields ?? []);
  const short = shortFieldsOf(list);
  const placed = (field: string) => (wide.has(field) ? "hidden 2xl:table-cell" : "");
  const sortable = new Set(list.tools?.sortable ?? []);
  const sortLink = (field: string) => {
    const next = new URLSearchParams(search);
    const descending = search.get("sort") === field && search.get("dir") !== "desc";
    next.set("sort", field);
    next.set("dir", descending ? "desc" : "asc");
    next.delete("page");
    return `?${next.toString()}`;
  };
  const sortedAs = (field: string) =>
    search.get("sort") === field
      ? search.get("dir") === "desc"
        ? "descending"
        : "ascending"
      : undefined;
  /** A column's heading: a link that sorts by it where the list can, with its direction. */
  const heading = (field: string, label: string) =>
    sortable.has(field) ? (
      <Link to={sortLink(field)} className="underline-offset-2 hover:underline">
        {label}
        {sortedAs(field) ? (sortedAs(field) === "descending" ? " ↓" : " ↑") : ""}
      </Link>
    ) : (
      label
    );
  return (
    // `relative`: the actions' screen-reader texts (sr-only, absolutely positioned) stay inside
    // the scrolling box instead of widening the whole page.
    <div className="relative mt-4 hidden overflow-x-auto rounded-xl border border-sand-200 bg-white xl:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          {list.data.total === 1 ? "1 registro" : `${list.data.total} registros`}
        </caption>
        <thead className="bg-sand-100 text-ink">
          <tr>
            {picksRows(list) ? (
              <th scope="col" className="p-3">
                <PickBox
                  label="Elegir todos los de esta página"
                  checked={records.length > 0 && records.every((r) => selected.has(r.id))}
                  onToggle={onToggleAll}
                />
              </th>
            ) : null}
            <th
              scope="col"
              className="px-2 py-3"
              aria-sort={titleField ? sortedAs(titleField) : undefined}
            >
              {titleField
                ? heading(titleField, list.parameter_titles[titleField] ?? "")
                : "Registro"}
            </th>
            {status ? (
              <th scope="col" className="px-2 py-3">
                {status.title}
              </th>
            ) : null}
            {columns.map(([field, label]) => (
              <th
                key={field}
                scope="col"
                className={`px-2 py-3 ${placed(field)}`}
                aria-sort={sortedAs(field)}
              >
                {heading(field, label)}
              </th>
            ))}
            <th scope="col" className="py-3 pr-3 pl-2">
              Acciones
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id} className="border-sand-200 border-t align-top">
              {picksRows(list) ? (
                <td className="p-3">
                  <PickBox
                    label={`Elegir ${record.record_title}`}
                    checked={selected.has(record.id)}
                    onToggle={(on) => onToggle(record.id, on)}
                  />
                </td>
              ) : null}
              <th scope="row" className="min-w-44 px-2 py-3 font-medium wrap-anywhere">
                <RecordTitle
                  resource={resource}
                  list={list}
                  record={record}
                  className="text-ink underline-offset-2 hover:underline"
                >
                  {summary ? (
                    <span className="mt-1 line-clamp-2 text-xs font-normal text-ink-soft">
                      <RecordValue field={summary} record={record} titles={list.value_titles} />
                    </span>
                  ) : null}
                </RecordTitle>
              </th>
              {status ? (
                <td className="px-2 py-3">
                  <RecordStatus record={record} status={status} />
                </td>
              ) : null}
              {columns.map(([field]) => (
                <td key={field} className={`max-w-xs px-2 py-3 ${placed(field)}`}>
                  <span
                    className={`line-clamp-3 ${short.has(field) ? "wrap-break-word" : "wrap-anywhere"}`}
                  >
                    <RecordValue
                      field={field}
                      record={record}
                      titles={list.value_titles}
                      dates={dates}
                      spaced
                    />
                  </span>
                </td>
              ))}
              <td className="py-3 pr-3 pl-2">
                <RecordActions resource={resource} record={record} list={list} compact />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
