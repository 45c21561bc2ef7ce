// The list's search, filters, order and page size (issue 13) in a panel that opens on demand and
// applies as staff change it (issue 37, decision 272): the table comes first, and no «Aplicar»
// stands between a choice and its result. Every choice lives in the URL, so a view can be
// bookmarked and shared, and the browser's back button undoes it. Folded, the panel's button
// says how many filters apply, and «Quitar filtros» sits beside it whenever any does.
import { type ComponentProps, useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { useLiveFilters } from "~/admin/lib/live-filters";
import { activeFilterCount, type ListTools } from "~/admin/lib/records";
import { useDisclosure } from "~/components/disclosure";
import { dateBoundLabels, listToolLabels } from "../../../content/list-tools";

const control =
  "mt-1 block w-full rounded-md border border-sand-300 bg-white px-3 py-2 text-ink focus:border-ink focus:outline-2 focus:outline-focus";
const label = "block text-sm font-medium text-ink";

export function ListToolbar({
  resource,
  tools,
  search,
  sortTitles,
  applied,
}: {
  resource: string;
  tools: ListTools;
  search: URLSearchParams;
  /** Column labels for the order selector. */
  sortTitles: Record<string, string>;
  /** What the list applies (the server's `applied`): the direction each order has, the filters. */
  applied?: Record<string, string>;
}) {
  const value = (name: string) => search.get(name) ?? "";
  // Folded until asked for, on every screen; it stays as staff left it while they work the list.
  const { open, id: formId, button } = useDisclosure();
  const { formKey, handlers } = useLiveFilters(search);
  // A status shown as tabs above the list is kept when the form is sent.
  const statusField = tools.status ? "status" : undefined;
  const filters = Object.entries(tools.filters).filter(([name]) => name !== statusField);
  const active = activeFilterCount(tools, applied, statusField);
  // The page size is how staff read, not what they look for: clearing the filters keeps it.
  const perPage = value("per_page");
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          {...button}
          ref={toggle}
          className="flex min-h-11 w-full items-center justify-between gap-3 rounded-xl border border-sand-200 bg-white px-4 py-2 text-left font-medium text-ink hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-focus sm:w-auto"
        >
          <span className="flex flex-wrap items-center gap-2">
            Buscar y filtrar
            {active ? (
              <span className="rounded-full bg-terracotta px-2 text-sm text-white">
                {active === 1 ? "1 activo" : `${active} activos`}
              </span>
            ) : null}
          </span>
          <span aria-hidden="true" className={`inline-block ${open ? "rotate-180" : ""}`}>
            ▾
          </span>
        </button>
        {active ? (
          <Link
            to={`/admin/${resource}/index${perPage ? `?per_page=${encodeURIComponent(perPage)}` : ""}`}
            // The link goes once nothing is left to clear: focus stays near, on the panel's button.
            onClick={() => toggle.current?.focus()}
            className="inline-flex min-h-11 items-center text-ink underline"
          >
            Quitar filtros
          </Link>
        ) : null}
      </div>
      <Form
        key={formKey}
        id={formId}
        method="get"
        {...handlers}
        role="search"
        aria-label="Buscar y filtrar"
        className={`${open ? "grid" : "hidden"} mt-2 gap-3 rounded-xl border border-sand-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4`}
      >
        {statusField && value(statusField) ? (
          <input type="hidden" name={statusField} value={value(statusField)} />
        ) : null}
        {tools.search ? (
          <Labeled className="sm:col-span-2" id="lista-q" title={listToolLabels.q}>
            <input
              id="lista-q"
              name="q"
              type="search"
              defaultValue={value("q")}
              maxLength={200}
              className={control}
            />
          </Labeled>
        ) : null}
        {filters.map(([name, filter]) => {
          if (filter.kind === "date") {
            const [from, to] = filter.parameters;
            return (
              <DateRange
                key={name}
                title={filter.title}
                from={from}
                to={to}
                initialFrom={value(from)}
                initialTo={value(to)}
              />
            );
          }
          if (filter.kind === "text") {
            const id = `lista-${name}`;
            return (
              <Labeled key={name} id={id} title={filter.title}>
                <input id={id} name={name} defaultValue={value(name)} className={control} />
              </Labeled>
            );
          }
          return (
            <Choice key={name} name={name} title={filter.title} defaultValue={value(name)}>
              <option value="">Todos</option>
              {filter.kind === "boolean" ? (
                <>
                  <option value="true">Sí</option>
                  <option value="false">No</option>
                </>
              ) : null}
              {filter.kind === "choice"
                ? filter.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.title}
                    </option>
                  ))
                : null}
              {filter.kind === "reference" ? (
                <>
                  <option value="ninguno">Sin asignar</option>
                  {filter.options.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.title}
                    </option>
                  ))}
                </>
              ) : null}
            </Choice>
          );
        })}
        <Choice
          name="sort"
          title={listToolLabels.sort}
          defaultValue={value("sort")}
          // A newly chosen order starts in its own direction (names A to Z), not in the one the
          // previous order was shown in: «Sentido» goes back to «Según el orden» until chosen.
          onChange={(event) => {
            const dir = event.currentTarget.form?.elements.namedItem("dir");
            if (dir instanceof HTMLSelectElement) dir.value = "";
          }}
        >
          <option value="">Predeterminado (fecha de creación)</option>
          {tools.orders.map((order) => (
            <option key={order.key} value={order.key}>
              {order.title}
            </option>
          ))}
          {tools.sortable.map((key) => (
            <option key={key} value={key}>
              {sortTitles[key] ?? key}
            </option>
          ))}
        </Choice>
        <Choice
          // Drawn anew when the direction applied changes, to show the one the list now uses
          // (a new order's own: names A to Z).
          key={`dir-${applied?.dir}`}
          name="dir"
          title={listToolLabels.dir}
          defaultValue={value("dir") || applied?.dir}
        >
          <option value="">Según el orden</option>
          <option value="asc">Ascendente</option>
          <option value="desc">Descendente</option>
        </Choice>
        <Choice
          name="per_page"
          id="lista-per-page"
          title={listToolLabels.per_page}
          defaultValue={perPage}
        >
          <option value="">12</option>
          {tools.per_page
            .filter((size) => size !== 12)
            .map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
        </Choice>
      </Form>
    </div>
  );
}

/**
 * One of the toolbar's lists: a select named as its URL parameter, its label above it. Its id
 * is `lista-` and the name unless given (the page size's keeps its hyphen).
 */
function Choice({
  name,
  id = `lista-${name}`,
  title,
  children,
  ...select
}: ComponentProps<"select"> & { name: string; title: string }) {
  return (
    <Labeled id={id} title={title}>
      <select id={id} name={name} {...select} className={control}>
        {children}
      </select>
    </Labeled>
  );
}

/** One labelled control of the toolbar: its label above it, tied to the control by `id`. */
function Labeled({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label className={label} htmlFor={id}>
        {title}
      </label>
      {children}
    </div>
  );
}

/**
 * A date filter's two bounds. «Desde» after «Hasta» can match nothing: the list would only say
 * «No hay datos disponibles para mostrar.», which reads as if there were no leads. Said next to
 * the dates instead, as soon as they are chosen so and on a view whose address has them so
 * (the toolbar is drawn anew for each view). The server still answers such a view (an empty
 * list), so a shared address keeps working. Dates as YYYY-MM-DD compare as text.
 */
function DateRange({
  title,
  from,
  to,
  initialFrom,
  initialTo,
}: {
  title: string;
  from: string;
  to: string;
  initialFrom: string;
  initialTo: string;
}) {
  const [bounds, setBounds] = useState({ from: initialFrom, to: initialTo });
  const warningId = useId();
  const reversed = bounds.from !== "" && bounds.to !== "" && bounds.from > bounds.to;
  const describedBy = reversed ? warningId : undefined;
  return (
    <fieldset className="sm:col-span-2">
      <legend className={label}>{title}</legend>
      <div className="flex gap-2">
        {(
          [
            [dateBoundLabels.from, from, initialFrom, "from"],
            [dateBoundLabels.to, to, initialTo, "to"],
          ] as const
        ).map(([text, name, initial, bound]) => (
          <label key={bound} className="flex-1 text-sm text-ink-soft">
            {text}
            <input
              name={name}
              type="date"
              defaultValue={initial}
              onChange={(event) => setBounds((old) => ({ ...old, [bound]: event.target.value }))}
              aria-describedby={describedBy}
              className={control}
            />
          </label>
        ))}
      </div>
      {reversed ? (
        <p id={warningId} role="alert" className="mt-1 text-sm text-terracotta-dark">
          La fecha «Desde» es posterior a «Hasta».
        </p>
      ) : null}
    </fieldset>
  );
}
