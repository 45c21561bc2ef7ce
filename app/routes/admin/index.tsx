// /admin/:resource/index (SPEC §2, online, verify, role): the resource's records with the actions
// the server allows (its `routes`), page links and delete-after-confirmation; and issue 13's list
// tools: search, filters, order and page size in the URL, status tabs, a table on wide screens
// (SPEC's cards, 3 per row, on medium ones), one-click status, bulk actions and CSV export.
// Data comes from the clientLoader, changes go through the clientAction (app/lib/admin-actions.ts).
// SPEC §8: failures show no dialog and are logged; the page says in one line that the list could
// not be loaded, so staff never mistake a failure for an empty list (decision 053).
import { type ReactNode, useEffect, useState } from "react";
import { Link, useActionData, useSearchParams } from "react-router";
import { SubmitButton } from "~/components/account/form-controls";
import { BulkBar } from "~/components/admin/bulk-bar";
import { DeleteButton } from "~/components/admin/delete-button";
import { ListToolbar, StatusTabs } from "~/components/admin/list-toolbar";
import { FallbackHeading, useChoiceFocus } from "~/components/admin/one-click-choice";
import { Pagination } from "~/components/admin/pagination";
import { RecordData, RecordValue, waitingSince } from "~/components/admin/record-value";
import { RecordStatus } from "~/components/admin/status-control";
import { type AdminList, type AdminRecord, dateOf, refusalMessage } from "~/lib/admin";
import {
  type ActionResult,
  adminMeta,
  downloadExport,
  type ExportFormat,
  runAdminAction,
  useRecordDelete,
} from "~/lib/admin-actions";
import { rememberListSearch } from "~/lib/admin-list-memory";
import { ApiError, api, describeError } from "~/lib/api";
import { sectionTitle } from "~/lib/auth";
import type { Route } from "./+types/index";

export const meta = adminMeta("index");

type ListState =
  | { status: "ready"; list: AdminList }
  | { status: "failed"; message?: string; details?: string[] };

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  // The detail view's way back returns to this view (app/lib/admin-list-memory.ts).
  rememberListSearch(params.resource, url.search);
  const query = url.searchParams;
  // An empty parameter asks for nothing (a hand-made or shared URL may carry some).
  for (const [name, value] of [...query.entries()]) if (value === "") query.delete(name);
  if (!query.has("page")) query.set("page", "1");
  try {
    const list = await api<AdminList>(
      "GET",
      `admin/${encodeURIComponent(params.resource)}?${query.toString()}`,
      undefined,
      { silent: true },
    );
    return { status: "ready", list } satisfies ListState;
  } catch (error) {
    console.error(`Admin list of ${params.resource} failed`, error);
    // A hand-edited URL: every parameter the section cannot use, each by its toolbar label, is
    // named with what it offers; anything else is not.
    const details =
      error instanceof ApiError && error.status === 422
        ? describeError(422, error.body).details
        : undefined;
    return details?.length
      ? ({ status: "failed", details } satisfies ListState)
      : ({ status: "failed", message: refusalMessage(error) } satisfies ListState);
  }
}
clientLoader.hydrate = true as const;

export async function clientAction({ params, request }: Route.ClientActionArgs) {
  return runAdminAction(params.resource, await request.formData());
}

export function HydrateFallback() {
  return (
    <p lang="en" className="mx-auto w-full max-w-7xl px-4 py-10 text-ink-soft">
      Loading...
    </p>
  );
}

export default function AdminIndex({ params, loaderData }: Route.ComponentProps) {
  const { resource } = params;
  const [search] = useSearchParams();
  const state = loaderData as ListState;
  // What the last change answered: a deletion or a record's status change says so in the status
  // line, and a bulk action done too (a refused deletion or status change says why on its own
  // record, or here when the record has left the list meanwhile; a refused bulk action in its bar).
  // The latest of those or of an export is the line's.
  const changed = useActionData() as ActionResult | undefined;
  const [notice, setNotice] = useState("");
  // A new answer is the trigger, and the list reloaded after it (the answer comes first): a
  // refusal is said here only once its record has left the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: state is loaderData
  useEffect(
    () => setNotice(changed ? (changeNotice(changed, state) ?? "") : ""),
    [changed, loaderData],
  );
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // A new page, filter or a change done is a new list: nothing stays chosen from the old one.
  // A refused change (a bulk «Perdido» without its «Motivo») changed nothing: the rows stay
  // chosen, to correct and apply again. Reset while drawing the new list, not in an effect after
  // it: the bulk bar then leaves with the old rows, before the focus it held is looked for
  // (useChoiceFocus below).
  const [listed, setListed] = useState(loaderData);
  if (listed !== loaderData) {
    setListed(loaderData);
    if (!changed || changed.ok) setSelected(new Set());
  }

  // Focus a status change took away (its row left the list) comes back to the list.
  const headingFocus = useChoiceFocus(loaderData);

  const title = sectionTitle(resource);
  const list = state.status === "ready" ? state.list : undefined;
  const routes = list?.routes ?? [];
  const can = (action: string) => routes.includes(action);
  const records = list?.data.data ?? [];
  const shortFields = list ? shortFieldsOf(list) : new Set<string>();
  const tools = list?.tools;
  const toggle = (id: number, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <FallbackHeading focus={headingFocus} className="sm:text-4xl">
          {title}
        </FallbackHeading>
        <div className="flex flex-wrap gap-2">
          {list ? (
            <>
              <ExportButton resource={resource} search={search} format="xlsx" onDone={setNotice} />
              <ExportButton resource={resource} search={search} format="csv" onDone={setNotice} />
            </>
          ) : null}
          {can("create") ? (
            <Link
              to={`/admin/${resource}/create`}
              className="rounded-md bg-terracotta px-4 py-2 font-medium text-white hover:bg-terracotta-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
            >
              Crear
            </Link>
          ) : null}
        </div>
      </div>
      {tools ? (
        <>
          <StatusTabs tools={tools} search={search} />
          <ListToolbar
            key={search.toString()}
            resource={resource}
            tools={tools}
            search={search}
            sortTitles={{ id: "ID", ...tools.sort_titles, ...list?.parameter_titles }}
            applied={list?.applied}
          />
        </>
      ) : null}
      <p role="status" className="mt-2 min-h-6 text-olive">
        {notice}
      </p>
      {state.status === "failed" ? (
        <div role="alert" className="mt-6 text-terracotta-dark">
          {state.details ? (
            <>
              No se puede mostrar la lista con esta dirección:
              <ul className="my-2 list-disc pl-5">
                {state.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : (
            (state.message ?? "No se ha podido cargar la lista.")
          )}{" "}
          {/* The same URL again: React Router runs the loader once more. */}
          <Link to={`?${search.toString()}`} replace className="font-medium underline">
            Reintentar
          </Link>{" "}
          <Link to={`/admin/${resource}/index`} className="font-medium underline">
            Quitar filtros
          </Link>
        </div>
      ) : null}
      {list && records.length === 0 ? (
        <>
          <p className="mt-6 text-ink-soft">No hay datos disponibles para mostrar.</p>
          {/* A page past the last one (after a deletion or a bulk change, or a typed ?page=)
              still leads to the pages that have rows. */}
          {list.data.total > 0 ? (
            <Pagination current={list.data.current_page} last={list.data.last_page} />
          ) : null}
        </>
      ) : null}
      {list && records.length > 0 ? (
        <>
          <p className="text-sm text-ink-soft">
            {list.data.total === 1 ? "1 registro" : `${list.data.total} registros`}
          </p>
          {picksRows(list) ? (
            <BulkBar
              selected={[...selected]}
              total={list.data.total}
              search={search}
              canDelete={can("delete")}
              status={tools?.status}
            />
          ) : null}
          <RecordTable
            resource={resource}
            list={list}
            selected={selected}
            onToggle={toggle}
            onToggleAll={(on) => setSelected(new Set(on ? records.map((r) => r.id) : []))}
          />
          <ul className="mt-6 grid gap-6 md:grid-cols-3 xl:hidden">
            {records.map((record) => (
              <RecordCard
                key={record.id}
                resource={resource}
                record={record}
                list={list}
                selected={selected.has(record.id)}
                onToggle={(on) => toggle(record.id, on)}
                shortFields={shortFields}
              />
            ))}
          </ul>
          <Pagination current={list.data.current_page} last={list.data.last_page} />
        </>
      ) : null}
    </div>
  );
}

/** The status line's report of a change, if it is the page's to make (see above). */
function changeNotice(changed: ActionResult, state: ListState): string | undefined {
  // A refused bulk action is said in its bar, beside what to correct (bulk-bar.tsx).
  if (changed.intent === "bulk") return changed.ok ? changed.message : undefined;
  if (changed.ok) {
    return changed.intent === "delete" || changed.intent === "status" ? changed.message : undefined;
  }
  const listed =
    state.status === "ready" && state.list.data.data.some((record) => record.id === changed.id);
  return changed.intent === "status" && !listed
    ? `${changed.title ? `«${changed.title}»: ` : ""}${changed.message}`
    : undefined;
}

/** What each export is called: Excel's file for staff, CSV for other tools (decision 207). */
const exportNames: Record<ExportFormat, { button: string; done: string }> = {
  xlsx: { button: "Exportar Excel", done: "Lista exportada en Excel (.xlsx)." },
  csv: { button: "Exportar CSV", done: "Lista exportada en CSV." },
};

function ExportButton({
  resource,
  search,
  format,
  onDone,
}: {
  resource: string;
  search: URLSearchParams;
  format: ExportFormat;
  onDone: (message: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <SubmitButton
      type="button"
      variant="secondary"
      pending={busy}
      pendingLabel="Exportando..."
      onClick={async () => {
        setBusy(true);
        const done = await downloadExport(resource, search, format);
        setBusy(false);
        onDone(done ? exportNames[format].done : "No se ha podido exportar. Intenta nuevamente.");
      }}
    >
      {exportNames[format].button}
    </SubmitButton>
  );
}

interface RecordProps {
  resource: string;
  list: AdminList;
}

/** The wide screens' table: a column per listed field, the title linking to the detail view. */
function RecordTable({
  resource,
  list,
  selected,
  onToggle,
  onToggleAll,
}: RecordProps & {
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
                    label={`Elegir ${titleOf(record)}`}
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

const titleOf = (record: AdminRecord) => record.record_title;

/** A box that picks a record (or the whole page) for the bulk actions, in the table and the cards. */
/**
 * Whether rows can be picked: only where the bulk bar has something to do with them (a deletion
 * or a status), not in the audit log; a box that does nothing is a trap.
 */
const picksRows = (list: AdminList) =>
  list.routes.includes("delete") || Boolean(list.tools?.status);

function PickBox({
  label,
  checked,
  onToggle,
  className = "size-4",
}: {
  label: string;
  checked: boolean;
  onToggle: (on: boolean) => void;
  className?: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(event) => onToggle(event.target.checked)}
      className={`${className} accent-terracotta`}
    />
  );
}

/** Up to this many characters a value reads as a few words (a phone number, a role). */
const SHORT_TEXT = 20;

/**
 * Fields whose values are a few words on every record of the page: a choice's label (a lead's
 * service, area, budget), a date, Sí/No, a short text. Decided per field, not per record, so
 * cards line up.
 */
function shortFieldsOf(list: AdminList): Set<string> {
  const short = new Set<string>();
  for (const field of Object.keys(list.parameter_titles)) {
    const values = list.data.data.map((record) => record[field]).filter((v) => v != null);
    const fewWords = (value: unknown) =>
      typeof value === "boolean" ||
      typeof value === "number" ||
      dateOf(value) !== undefined ||
      (typeof value === "string" && value.length <= SHORT_TEXT);
    if (list.value_titles?.[field] || (values.length > 0 && values.every(fewWords))) {
      short.add(field);
    }
  }
  return short;
}

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
function RecordTitle({
  resource,
  list,
  record,
  className,
  children,
}: RecordProps & { record: AdminRecord; className: string; children?: ReactNode }) {
  return (
    <>
      <Link to={`/admin/${resource}/detail/${record.id}`} className={className}>
        {titleOf(record)}
      </Link>
      {children}
      <Waiting record={record} list={list} />
      <Alert record={record} />
    </>
  );
}

/** SPEC's card, for narrow and medium screens (3 per row on medium ones). */
function RecordCard({
  resource,
  record,
  list,
  selected,
  onToggle,
  shortFields,
}: RecordProps & {
  record: AdminRecord;
  selected: boolean;
  onToggle: (on: boolean) => void;
  /** Fields whose values are a few words (see `shortFieldsOf`). */
  shortFields: ReadonlySet<string>;
}) {
  const headingId = `record-${record.id}`;
  const status = list.tools?.status;
  return (
    <li
      aria-labelledby={headingId}
      className="@container flex min-w-0 flex-col rounded-xl border border-sand-200 bg-white p-5 shadow-sm wrap-anywhere"
    >
      <div className="flex items-start gap-3">
        {picksRows(list) ? (
          <PickBox
            label={`Elegir ${titleOf(record)}`}
            checked={selected}
            onToggle={onToggle}
            className="mt-1 size-4"
          />
        ) : null}
        <h2 id={headingId} className="font-display text-lg font-semibold text-ink">
          <RecordTitle
            resource={resource}
            list={list}
            record={record}
            className="hover:underline"
          />
        </h2>
      </div>
      {status ? (
        <div className="mt-3">
          <RecordStatus record={record} status={status} />
        </div>
      ) : null}
      {/* A card is a preview: short values (a choice's label, a date) two to a line once the
          card is wide enough, every value at most three lines (a long message in full is on the
          record's page), so a phone shows more than one lead at a time (decision 169). */}
      <RecordData
        // The heading is the record's title: the field it comes from is not said twice.
        fields={Object.entries(list.parameter_titles).filter(
          ([field]) => field !== list.table_layout?.title,
        )}
        record={record}
        titles={list.value_titles}
        dates={new Set(list.date_fields ?? [])}
        className="mt-3 grid flex-1 content-start gap-x-4 gap-y-2 text-sm @2xs:grid-cols-2"
        fieldClassName={(field) => (shortFields.has(field) ? undefined : "@2xs:col-span-2")}
        valueClassName="line-clamp-3 text-ink"
      />
      <RecordActions resource={resource} record={record} list={list} />
    </li>
  );
}

/**
 * The record's screens and the actions the server allows; delete after a confirmation. `compact`
 * in a table's row, which they would otherwise make three buttons tall.
 */
function RecordActions({
  resource,
  record,
  list,
  compact = false,
}: RecordProps & { record: AdminRecord; compact?: boolean }) {
  const title = titleOf(record);
  const deletion = useRecordDelete(record.id, title);
  const { refused, deleting } = deletion;
  // A refusal on a rule (own account, a super admin's, the last one) says why.
  const failure = refused && !refused.ok && !deleting ? refused.message : "";

  const action = `rounded-md border border-ink/30 font-medium text-ink hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-focus ${compact ? "px-2 py-1" : "px-3 py-1.5"}`;
  return (
    <>
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-terracotta-dark">
          {failure}
        </p>
      ) : null}
      <div className={`flex flex-wrap gap-2 ${compact ? "w-32" : "mt-3"}`}>
        <Link to={`/admin/${resource}/detail/${record.id}`} className={action}>
          Ver<span className="sr-only"> {title}</span>
        </Link>
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
    </>
  );
}
