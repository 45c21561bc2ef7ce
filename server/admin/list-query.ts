import {
  and,
  asc,
  Column,
  desc,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { dateBoundLabels, listToolLabels } from "../../content/list-tools.ts";
import { sortFolded } from "../accents.ts";
import type { Database } from "../db/client.ts";
import { addFieldErrors, failValidation, noFieldErrors } from "../http-errors.ts";
import { madridMidnight } from "../office-day.ts";
import { hasControlCharacter } from "../validation.ts";
import type { ListFilter, NamedOrder, ResourceDefinition } from "./resource.ts";
import { searchConditions } from "./search.ts";

/**
 * The list tools every admin resource has (issue 13; decision 141): search, sort, filters and
 * page size, read from plain query parameters so a view can be bookmarked. What a definition
 * does not declare is drawn from its fields; anything a query names that the resource does not
 * offer is a Spanish 422 listing what it does offer, never an SQL error.
 */

/** ARCHITECTURE: admin list pages hold 12 records; staff may ask for more. */
export const PER_PAGE = 12;
export const PER_PAGE_OPTIONS = [12, 25, 50, 100] as const;
const MAX_SEARCH_LENGTH = 200;
const MAX_SEARCH_WORDS = 10;
/** Query parameters of the list itself; filters add their own names. */
const LIST_PARAMETERS = new Set(["page", "q", "sort", "dir", "per_page"]);

type Expression = PgColumn | SQL;

export interface ListTools {
  search: readonly Expression[];
  sortable: Record<string, Expression>;
  orders: Record<string, NamedOrder>;
  filters: Record<string, ListFilter>;
  /** Query parameter name → its filter's name (dates answer to name_from and name_to). */
  parameters: Map<string, string>;
  /** Query parameter name → its Spanish title, for a 422's `field_titles`: staff who edited the
   * address by hand read "Recibido, desde", not "created_from". */
  titles: Record<string, string>;
}

/** A definition's `select` entry as an expression usable in WHERE and ORDER BY. */
function expressionOf(value: unknown): Expression | undefined {
  if (value instanceof Column) return value as PgColumn;
  if (value && typeof value === "object" && "getSQL" in value) {
    return (value as { getSQL(): SQL }).getSQL();
  }
  // SQL.Aliased
  if (value && typeof value === "object" && "sql" in value) return (value as { sql: SQL }).sql;
  return undefined;
}

export function selectionOf(definition: ResourceDefinition): Record<string, unknown> {
  return definition.select ?? getTableColumns(definition.table);
}

const cache = new WeakMap<ResourceDefinition, ListTools>();

/** The resource's list tools: what it declares, else defaults from its fields and columns. */
export function listTools(definition: ResourceDefinition): ListTools {
  const cached = cache.get(definition);
  if (cached) return cached;
  const selection = selectionOf(definition);
  const shown = (name: string) => expressionOf(selection[name]);
  const isSecret = secretTest(definition);

  const search =
    definition.search ??
    Object.entries(definition.fields)
      .filter(
        ([name, field]) =>
          ["text", "textarea", "email"].includes(field.type) && !field.writeOnly && !isSecret(name),
      )
      .map(([name]) => shown(name))
      .filter((expression): expression is Expression => expression !== undefined);

  const sortable: Record<string, Expression> = definition.sortable ?? {};
  if (!definition.sortable) {
    for (const name of [...definition.list, "id", "created_at", "updated_at"]) {
      const expression = shown(name);
      if (expression && !isSecret(name)) sortable[name] = expression;
    }
  }

  let filters = definition.filters;
  if (!filters) {
    filters = {};
    for (const [name, field] of Object.entries(definition.fields)) {
      const on = shown(name);
      if (!on || isSecret(name)) continue;
      if (field.type === "checkbox") filters[name] = { kind: "boolean", title: field.title, on };
      if (field.type === "selector" && field.options) {
        filters[name] = { kind: "reference", title: field.title, on, options: field.options };
      }
    }
    filters.created = {
      kind: "date",
      title: definition.columns?.created_at ?? "Fecha de creación",
      on: definition.table.created_at,
    };
  }

  const parameters = new Map<string, string>();
  const titles: Record<string, string> = { ...listToolLabels };
  for (const [name, filter] of Object.entries(filters)) {
    if (filter.kind === "date") {
      parameters.set(`${name}_from`, name);
      parameters.set(`${name}_to`, name);
      titles[`${name}_from`] = `${filter.title}, ${dateBoundLabels.from.toLowerCase()}`;
      titles[`${name}_to`] = `${filter.title}, ${dateBoundLabels.to.toLowerCase()}`;
    } else {
      parameters.set(name, name);
      titles[name] = filter.title;
    }
  }
  const tools = { search, sortable, orders: definition.orders ?? {}, filters, parameters, titles };
  cache.set(definition, tools);
  return tools;
}

/** Field names never shown, logged or exported: password hashes, tokens, secrets. */
export function secretTest(definition: ResourceDefinition): (name: string) => boolean {
  const declared = new Set([
    ...(definition.secret ?? []),
    ...Object.entries(definition.fields)
      .filter(([, field]) => field.writeOnly)
      .map(([name]) => name),
  ]);
  return (name) => declared.has(name) || /password|token|hash|secret/i.test(name);
}

export interface ListQuery {
  page: number;
  perPage: number;
  where: SQL | undefined;
  orderBy: SQL[];
  /** True when `?q=` asks for a search (every row's text is read). */
  searching: boolean;
  /** What was asked, as it was understood (echoed in the answer so the client can show it). */
  applied: Record<string, string>;
}

/** `?page=` as a user could type it: anything but a positive whole number means page 1. */
export function pageNumber(raw: string | undefined): number {
  const page = /^\d{1,9}$/.test(raw ?? "") ? Number(raw) : 1;
  return Math.max(1, page);
}

const booleanWords: Record<string, boolean> = {
  si: true,
  sí: true,
  true: true,
  "1": true,
  no: false,
  false: false,
  "0": false,
};

function isValidDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

const list = (values: Iterable<string>) => [...values].map((v) => `«${v}»`).join(", ");

/** Names as the address writes them, each with what the toolbar calls it: «created_from» (Recibido, desde). */
const titledList = (names: string[], titles: Record<string, string>) =>
  names
    .map((name) =>
      titles[name] && titles[name] !== name ? `«${name}» (${titles[name]})` : `«${name}»`,
    )
    .join(", ");

/**
 * Reads the list's query parameters. Throws one 422 naming every parameter it cannot use.
 * `params` holds each parameter's first value.
 */
export function parseListQuery(
  definition: ResourceDefinition,
  params: Record<string, string | undefined>,
): ListQuery {
  const tools = listTools(definition);
  const errors = noFieldErrors();
  const conditions: SQL[] = [];
  const applied: Record<string, string> = {};
  const add = (name: string, message: string) => addFieldErrors(errors, name, [message]);

  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (hasControlCharacter(value)) {
      add(name, `El parámetro «${name}» contiene caracteres de control no permitidos.`);
      continue;
    }
    if (!LIST_PARAMETERS.has(name) && !tools.parameters.has(name)) {
      const known = [...tools.parameters.keys()];
      add(
        name,
        known.length
          ? `No se puede filtrar por «${name}» en esta sección. Filtros disponibles: ${titledList(known, tools.titles)}.`
          : `No se puede filtrar por «${name}»: esta sección no tiene filtros.`,
      );
    }
  }

  // Search: every word must appear in one of the searched fields.
  const q = (params.q ?? "").trim();
  if (q && !errors.q) {
    const words = q.split(/\s+/u);
    if (q.length > MAX_SEARCH_LENGTH) {
      add("q", `La búsqueda no puede tener más de ${MAX_SEARCH_LENGTH} caracteres.`);
    } else if (words.length > MAX_SEARCH_WORDS) {
      add("q", `La búsqueda admite como máximo ${MAX_SEARCH_WORDS} palabras.`);
    } else if (!tools.search.length) {
      add("q", "Esta sección no admite búsquedas.");
    } else {
      conditions.push(...searchConditions(tools.search, q, words));
      applied.q = q;
    }
  }

  // Filters.
  for (const [name, filter] of Object.entries(tools.filters)) {
    const condition = filterCondition(name, filter, params, add, applied);
    if (condition) conditions.push(condition);
  }

  // Order. Every order has a direction: `dir` when given, else the order's own (the plain
  // list newest first, a column or a named order ascending); `applied.dir` says which.
  const orderBy: SQL[] = [];
  const sort = params.sort === "" ? undefined : params.sort;
  const dir = params.dir;
  if (dir !== undefined && dir !== "asc" && dir !== "desc" && !errors.dir) {
    add("dir", "El sentido del orden debe ser «asc» (ascendente) o «desc» (descendente).");
  }
  const descending = dir === undefined || errors.dir ? sort === undefined : dir === "desc";
  const inDirection = (expression: Expression) => (descending ? desc(expression) : asc(expression));
  if (sort !== undefined && !errors.sort) {
    const named = Object.hasOwn(tools.orders, sort) ? tools.orders[sort] : undefined;
    const column = Object.hasOwn(tools.sortable, sort) ? tools.sortable[sort] : undefined;
    if (named) orderBy.push(...(named.groups ?? []), ...named.by.map(inDirection));
    else if (column) {
      const folded = sortFolded(column);
      orderBy.push(
        descending ? sql`${folded} desc nulls last` : sql`${folded} asc nulls last`,
        // Names equal but for case or accents keep one order ("ana" and "Ana").
        ...(folded === column
          ? []
          : [descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`]),
        inDirection(definition.table.id),
      );
    } else {
      const known = {
        ...Object.fromEntries(
          Object.entries(tools.orders).map(([key, order]) => [key, order.title]),
        ),
        ...Object.fromEntries(
          Object.keys(tools.sortable).map((key) => [key, columnTitle(definition, key)]),
        ),
      };
      add(
        "sort",
        `No se puede ordenar por «${sort}». Órdenes disponibles: ${titledList(Object.keys(known), known)}.`,
      );
    }
    if (named || column) applied.sort = sort;
  }
  if (!orderBy.length)
    orderBy.push(inDirection(definition.table.created_at), inDirection(definition.table.id));
  applied.dir = descending ? "desc" : "asc";

  let perPage = PER_PAGE;
  if (params.per_page !== undefined && params.per_page !== "" && !errors.per_page) {
    const asked = Number(params.per_page);
    if (
      !/^\d{1,4}$/.test(params.per_page) ||
      !(PER_PAGE_OPTIONS as readonly number[]).includes(asked)
    ) {
      add("per_page", `El tamaño de página debe ser uno de estos: ${PER_PAGE_OPTIONS.join(", ")}.`);
    } else {
      perPage = asked;
      applied.per_page = String(asked);
    }
  }

  if (Object.keys(errors).length) failValidation(errors, undefined, tools.titles);
  return {
    page: pageNumber(params.page),
    perPage,
    where: conditions.length ? and(...conditions) : undefined,
    orderBy,
    searching: applied.q !== undefined,
    applied,
  };
}

function filterCondition(
  name: string,
  filter: ListFilter,
  params: Record<string, string | undefined>,
  add: (name: string, message: string) => void,
  applied: Record<string, string>,
): SQL | undefined {
  if (filter.kind === "date") {
    const parts: SQL[] = [];
    for (const [suffix, bound] of [
      ["from", (day: string) => sql`${filter.on} >= ${madridMidnight(day)}`],
      ["to", (day: string) => sql`${filter.on} < ${madridMidnight(day, 1)}`],
    ] as const) {
      const parameter = `${name}_${suffix}`;
      const value = params[parameter]?.trim();
      if (!value) continue;
      if (!isValidDate(value)) {
        add(parameter, `La fecha de «${filter.title}» debe tener la forma AAAA-MM-DD.`);
        continue;
      }
      parts.push(bound(value));
      applied[parameter] = value;
    }
    return parts.length ? and(...parts) : undefined;
  }

  const raw = params[name]?.trim();
  if (!raw) return undefined;
  if (filter.kind === "boolean") {
    const value = booleanWords[raw.toLowerCase()];
    if (value === undefined) {
      add(name, `El filtro «${filter.title}» admite «si» o «no».`);
      return undefined;
    }
    applied[name] = value ? "si" : "no";
    return sql`${filter.on} = ${value}`;
  }
  if (filter.kind === "choice") {
    const values = [
      ...new Set(
        raw
          .split(",")
          .map((v) => v.trim())
          .filter(Boolean),
      ),
    ];
    const allowed = new Set(filter.options.map((option) => option.value));
    const unknown = values.filter((value) => !allowed.has(value));
    if (unknown.length || !values.length) {
      add(
        name,
        `${unknown.length === 1 ? "El valor" : "Los valores"} ${list(unknown)} no ${unknown.length === 1 ? "es válido" : "son válidos"} en «${filter.title}». Valores admitidos: ${list(allowed)}.`,
      );
      return undefined;
    }
    applied[name] = values.join(",");
    return filter.where ? filter.where(values) : inArray(filter.on as PgColumn, values);
  }
  if (filter.kind === "text") {
    if (raw.length > 200) {
      add(name, `El filtro «${filter.title}» no puede tener más de 200 caracteres.`);
      return undefined;
    }
    applied[name] = raw;
    return sql`${filter.on} = ${raw}`;
  }
  // reference
  if (raw === "ninguno") {
    applied[name] = raw;
    return isNull(filter.on);
  }
  if (raw === "alguno") {
    applied[name] = raw;
    return isNotNull(filter.on);
  }
  if (!/^\d{1,9}$/.test(raw)) {
    add(
      name,
      `El filtro «${filter.title}» admite un identificador numérico, «ninguno» o «alguno».`,
    );
    return undefined;
  }
  applied[name] = raw;
  return sql`${filter.on} = ${Number(raw)}`;
}

const defaultTitles: Record<string, string> = {
  id: "ID",
  created_at: "Fecha de creación",
  updated_at: "Fecha de modificación",
};

/** A record field's label for staff: the list's, the form's, the status's, else a default. */
export function columnTitle(definition: ResourceDefinition, key: string): string {
  return (
    definition.columns?.[key] ??
    definition.fields[key]?.title ??
    (definition.status?.column.name === key ? definition.status.title : undefined) ??
    (definition.status?.reason?.column.name === key ? definition.status.reason.title : undefined) ??
    (definition.assignee?.column.name === key ? definition.assignee.title : undefined) ??
    defaultTitles[key] ??
    key
  );
}

/** A description of the tools, for the client to draw its search box, sorts and filters. */
export async function describeTools(db: Database, definition: ResourceDefinition) {
  const tools = listTools(definition);
  const filters: Record<string, unknown> = {};
  for (const [name, filter] of Object.entries(tools.filters)) {
    if (filter.kind === "choice") {
      filters[name] = { kind: filter.kind, title: filter.title, options: filter.options };
    } else if (filter.kind === "reference") {
      filters[name] = { kind: filter.kind, title: filter.title, options: await filter.options(db) };
    } else {
      filters[name] = {
        kind: filter.kind,
        title: filter.title,
        ...(filter.kind === "date" ? { parameters: [`${name}_from`, `${name}_to`] } : {}),
      };
    }
  }
  return {
    search: tools.search.length > 0,
    sortable: Object.keys(tools.sortable),
    // The order selector names every sortable key, listed or not ("Último cambio de estado").
    sort_titles: Object.fromEntries(
      Object.keys(tools.sortable).map((key) => [key, columnTitle(definition, key)]),
    ),
    orders: Object.entries(tools.orders).map(([key, order]) => ({ key, title: order.title })),
    filters,
    per_page: PER_PAGE_OPTIONS,
    ...(definition.status
      ? {
          status: {
            field: definition.status.column.name,
            title: definition.status.title,
            options: definition.status.options,
            reason: definition.status.reason
              ? { status: definition.status.reason.status, title: definition.status.reason.title }
              : undefined,
            // The status that asks for an amount (a won lead's value, decision 253).
            amount: definition.status.amount
              ? {
                  status: definition.status.amount.status,
                  title: definition.status.amount.field.title,
                }
              : undefined,
          },
        }
      : {}),
  };
}
