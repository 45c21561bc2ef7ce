// /admin/:resource/index (SPEC §2, online, verify, role): the resource's records with the actions
// the server allows (its `routes`), page links and delete-after-confirmation; and issue 13's list
// tools: search, filters, order and page size in the URL, status tabs, a table on wide screens
// (SPEC's cards, 3 per row, on medium ones), one-click status, bulk actions and CSV export.
// Data comes from the clientLoader, changes go through the clientAction (app/admin/lib/actions.ts);
// the table, the cards and their parts are in app/admin/components/.
// SPEC §8: failures show no dialog and are logged; the page says in one line that the list could
// not be loaded, so staff never mistake a failure for an empty list (decision 052).
import { useEffect } from "react";
import { Link, redirect, useActionData, useSearchParams } from "react-router";
import { BulkBar } from "~/admin/components/bulk-bar";
import { ExportButton } from "~/admin/components/export-button";
import { FallbackHeading } from "~/admin/components/fallback-heading";
import { ListToolbar } from "~/admin/components/list-toolbar";
import { Pagination } from "~/admin/components/pagination";
import { picksRows } from "~/admin/components/pick-box";
import { RecordCard } from "~/admin/components/record-card";
import { RecordTable } from "~/admin/components/record-table";
import { ScreenLoading } from "~/admin/components/screen-loading";
import { StatusTabs } from "~/admin/components/status-tabs";
import { type ActionResult, adminMeta, runAdminAction } from "~/admin/lib/actions";
import { useChoiceFocus } from "~/admin/lib/change-focus";
import { markListShown, rememberFilters, restoredView } from "~/admin/lib/filter-memory";
import { rememberListSearch } from "~/admin/lib/list-memory";
import { useListNotice } from "~/admin/lib/list-notice";
import { useListSelection } from "~/admin/lib/list-selection";
import { type AdminList, refusalMessage } from "~/admin/lib/records";
import { shortFieldsOf } from "~/admin/lib/short-fields";
import { ApiError, api, describeError } from "~/lib/api";
import { adminSectionPath, sectionTitle } from "~/lib/auth";
import type { Route } from "./+types/list";

export const meta = adminMeta("index");

type ListState =
  | { status: "ready"; list: AdminList }
  | { status: "failed"; message?: string; details?: string[] };

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  // A section without a list (the company record) opens its own screen.
  const own = adminSectionPath(params.resource);
  if (!own.endsWith("/index")) throw redirect(own);
  const url = new URL(request.url);
  // Coming back to the inbox without a query: the staff member's last view (decision 272).
  const restored = restoredView(params.resource, url);
  if (restored) throw redirect(restored);
  // The detail view's way back returns to this view (app/admin/lib/list-memory.ts).
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
    // Only a view that could be shown is one to come back to.
    rememberFilters(params.resource, new URL(request.url).searchParams);
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

export const HydrateFallback = () => <ScreenLoading width="max-w-7xl" />;

export default function AdminIndex({ params, loaderData }: Route.ComponentProps) {
  const { resource } = params;
  const [search] = useSearchParams();
  const state = loaderData as ListState;
  const changed = useActionData() as ActionResult | undefined;
  const list = state.status === "ready" ? state.list : undefined;
  const records = list?.data.data ?? [];
  const [notice, setNotice] = useListNotice(changed, loaderData, records);
  const { selected, toggle, pickAll } = useListSelection(loaderData, changed);
  // Focus a status change took away (its row left the list) comes back to the list.
  const headingFocus = useChoiceFocus(loaderData);
  // Navigation within the list is not a return to it (app/admin/lib/filter-memory.ts).
  useEffect(() => {
    markListShown(resource);
    return () => markListShown(undefined);
  }, [resource]);

  const title = sectionTitle(resource);
  const routes = list?.routes ?? [];
  const can = (action: string) => routes.includes(action);
  const shortFields = list ? shortFieldsOf(list) : new Set<string>();
  const tools = list?.tools;

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
          <StatusTabs tools={tools} search={search} counts={list?.tab_counts} />
          <ListToolbar
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
      {/* Read out when a filter changes the list (decision 272); the empty list says so below. */}
      {list ? (
        <p aria-live="polite" aria-atomic="true" className="text-sm text-ink-soft">
          {list.data.total === 0 ? (
            <span className="sr-only">Ningún registro coincide.</span>
          ) : list.data.total === 1 ? (
            "1 registro"
          ) : (
            `${list.data.total} registros`
          )}
        </p>
      ) : null}
      {list && records.length > 0 ? (
        <>
          {picksRows(list) ? (
            <BulkBar
              selected={[...selected]}
              total={list.data.total}
              search={search}
              canDelete={can("delete")}
              status={tools?.status}
              assignees={
                tools?.filters.assignee?.kind === "reference"
                  ? tools.filters.assignee.options
                  : undefined
              }
            />
          ) : null}
          <RecordTable
            resource={resource}
            list={list}
            selected={selected}
            onToggle={toggle}
            onToggleAll={(on) => pickAll(on ? records.map((r) => r.id) : [])}
          />
          <ul
            className={`mt-4 grid md:grid-cols-3 xl:hidden ${tools?.status ? "gap-3 md:gap-6" : "mt-6 gap-6"}`}
          >
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
