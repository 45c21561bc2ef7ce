// Shapes of the generic admin API (SPEC §3, §7) and how the browser shows its values (SPEC §9).
import { ApiError } from "~/lib/api";
import { OFFICE_TIME_ZONE, officeDateTime } from "../../../content/office-clock";

export interface AdminRecord {
  id: number;
  /** The record's name for people ("name — subject"), as the server titles every record. */
  record_title: string;
  /** In a list: what staff must not miss about the record (a lead to phone), said by the server. */
  record_alert?: string;
  created_at?: string;
  updated_at?: string;
  [field: string]: unknown;
}

export interface AdminList {
  data: {
    data: AdminRecord[];
    current_page: number;
    last_page: number;
    total: number;
    per_page?: number;
  };
  parameter_titles: Record<string, string>;
  routes: string[];
  /** A record's own screens besides the edit form (e.g. a campaign's send screen). */
  screens?: { path: string; label: string }[];
  /** What the list offers (issue 13): search, sorts, filters, page sizes, a status. */
  tools?: ListTools;
  /** The query parameters this answer applied. */
  applied?: Record<string, string>;
  /** What each status tab and «Míos» would show (decision 272); sections with a status only. */
  tab_counts?: TabCounts;
  /** Coded values by their labels: field → stored code → label (a lead's service, budget). */
  value_titles?: ValueTitles;
  /** The fields that hold dates (a missing one reads "N/A", any other missing value "—"). */
  date_fields?: string[];
  /**
   * How a wide screen's table draws the list: `summary` under each title rather than in a column,
   * `wide` columns only from 1536 px; `title`, the field the records' titles are drawn from (not
   * drawn again beside them). Cards show every other listed field.
   */
  table_layout?: { summary?: string; wide?: string[]; title?: string };
}

export type ValueTitles = Record<string, Record<string, string>>;

export interface Option {
  value: string;
  title: string;
}

export type ListFilter =
  | { kind: "choice"; title: string; options: Option[] }
  | { kind: "reference"; title: string; options: { id: number; title: string }[] }
  | { kind: "boolean" | "text"; title: string }
  | { kind: "date"; title: string; parameters: [string, string] };

export interface StatusTool {
  /** The record field holding the status. */
  field: string;
  title: string;
  options: Option[];
  /** The status that needs a reason (a lost lead). */
  reason?: { status: string; title: string };
  /** The status that asks for an optional amount (a won lead's value, decision 253). */
  amount?: { status: string; title: string };
}

/** The list's tab counts (server/admin/tab-counts.ts). */
export interface TabCounts {
  statuses: Record<string, number>;
  all: number;
  mine?: number;
}

export interface ListTools {
  search: boolean;
  sortable: string[];
  orders: { key: string; title: string }[];
  filters: Record<string, ListFilter>;
  per_page: number[];
  status?: StatusTool;
  /** The order selector's label of each sortable key (a column the list may not show). */
  sort_titles?: Record<string, string>;
}

/** GET /api/admin/summary: the sections the role allows, with counts, for the side navigation. */
export interface AdminSummary {
  /** The company's placeholders still published (decision 245), for those who may change them. */
  company_missing?: string[];
  sections: {
    key: string;
    title: string;
    total: number;
    highlight?: { title: string; total: number };
    /** The query string the navigation opens the list with (the lead inbox). */
    landing?: string;
  }[];
}

export interface AdminNote {
  id: number;
  author_name: string;
  body: string;
  created_at: string;
}

export interface AdminHistoryEntry {
  id: number;
  action: string;
  action_title?: string;
  actor_name: string;
  created_at: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  details?: Record<string, unknown> | null;
}

/** GET /api/admin/{resource}/detail/{id}: one record read-only, its notes and its history. */
export interface AdminDetail {
  data: AdminRecord;
  parameter_titles: Record<string, string>;
  routes: string[];
  read_only: string[];
  tools: ListTools;
  value_titles?: ValueTitles;
  /** The fields that hold dates (a missing one reads "N/A", any other missing value "—"). */
  date_fields?: string[];
  assignees?: { id: number; title: string }[];
  notes?: AdminNote[];
  history: AdminHistoryEntry[];
  photos?: { id: number; name: string; width: number; height: number; size: number }[];
  /** The mails the record's person was sent (a lead's confirmation), where each stands. */
  mails?: RecordMail[];
  /** Staff's mails to the record's person (a lead's replies, decision 187), and the form's start. */
  replies?: RecordReplies;
  /** An audit entry's page: what it changed, in its section's words (decision 207). */
  audit_entry?: AuditEntryView;
}

/** The change an audit entry records, with the acted-on section's labels (server/admin/audit-entry.ts). */
export interface AuditEntryView {
  titles: Record<string, string>;
  value_titles: ValueTitles;
  date_fields: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown> | null;
  record: { id: number; path: string } | { id: number; deleted: true } | null;
}

/** A lead's replies (server/leads/reply.ts): `draft` null when the lead cannot be written to. */
export interface RecordReplies {
  /** `reply_to`: where the visitor's answer goes (decision 257). */
  draft: {
    to: string;
    subject: string;
    reply_to: string;
    /** Reply templates filled in for this lead (decision 258); a null subject keeps the form's. */
    templates: { id: number; title: string; subject: string | null; message: string }[];
  } | null;
  sent: (RecordMail & {
    id: number;
    subject: string;
    /** What staff wrote (decision 257), shown whole on the lead's conversation. */
    message: string;
    /** The name the mail was signed with. */
    sent_by_name: string | null;
  })[];
}

/** A mail to a record's person as the outbox knows it (server/mail/lead-mails.ts). */
export interface RecordMail {
  /** The record's field that says the same in a word: shown here, not again among the data. */
  field: string;
  title: string;
  state: "enviado" | "pendiente" | "rechazado" | "sin_correo" | "retenido";
  to: string | null;
  queued_at: string | null;
  sent_at: string | null;
  failed_at: string | null;
  next_attempt_at: string | null;
  attempts: number;
  /** Waiting because the site's own mail server did not answer, not the visitor's. */
  server_failure: boolean;
  /** The visitor's mail server's answer to the last try ("550 5.1.1 …"). */
  reply: string | null;
}

export interface FieldDetail {
  title: string;
  /**
   * SPEC §3's field type, as server/fields.ts names it (text, email, number, decimal, selector,
   * checkbox, multi-selector, textarea, hidden): the server's list is the only one; an unknown
   * type is drawn as a text input.
   */
  type: string;
  value: unknown;
  selector?: { id: number | string; title: string }[];
}

export interface AdminForm {
  parameter_details: Record<string, FieldDetail>;
  /** Fields shown but never changed by staff (a visitor's own words). */
  read_only?: string[];
  /** The record as the form was loaded, sent back with the save (a change meanwhile: 409). */
  version?: string;
  /** The edited record's name for people, as in its list and detail view (the tab's title). */
  record_title?: string;
}

/**
 * How many of the toolbar's narrowing choices a view applies (`applied`, the server's reading of
 * the query): the search and each filter, a date's two bounds as one. A status shown as tabs
 * (`except`) is left out, as are order and page size: they narrow nothing.
 */
export function activeFilterCount(
  tools: ListTools,
  applied: Record<string, string> | undefined,
  except?: string,
): number {
  if (!applied) return 0;
  let count = applied.q ? 1 : 0;
  for (const [name, filter] of Object.entries(tools.filters)) {
    if (name === except) continue;
    const parameters = filter.kind === "date" ? filter.parameters : [name];
    if (parameters.some((parameter) => applied[parameter])) count += 1;
  }
  return count;
}

/** Page from ?page (SPEC §9): a positive whole number, otherwise 1. */
export function pageFromSearch(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * Page links of SPEC §9: the first page, the last, two pages either side of the current one,
 * and an ellipsis ("gap") wherever pages are skipped.
 */
export function pageWindow(current: number, last: number): (number | "gap")[] {
  const pages = new Set<number>([1, last]);
  for (let page = current - 2; page <= current + 2; page++) {
    if (page >= 1 && page <= last) pages.add(page);
  }
  const sorted = [...pages].filter((page) => page >= 1).sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  for (const [index, page] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous > 1) items.push("gap");
    items.push(page);
  }
  return items;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * The office's day and time of a moment, whatever the browser's zone: the server's date filters
 * count Madrid days and its CSV writes Madrid times (content/office-clock.ts), so the screens read
 * the same.
 */
const dayFormat = new Intl.DateTimeFormat("es-ES", {
  dateStyle: "short",
  timeZone: OFFICE_TIME_ZONE,
});
const timeFormat = new Intl.DateTimeFormat("es-ES", {
  hour: "2-digit",
  minute: "2-digit",
  timeZone: OFFICE_TIME_ZONE,
});

/** The date an ISO date-time value stands for (a record's `created_at`); undefined otherwise. */
export function dateOf(value: unknown): Date | undefined {
  if (typeof value !== "string" || !ISO_DATE.test(value)) return;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A date in SPEC §9's es-ES long form with hours and minutes, on the office's clock. */
export function formatDate(date: Date): string {
  return officeDateTime.format(date);
}

/** "hoy a las 10:47" on the office's day of `now`, else "el 27 de noviembre de 2026, 10:47". */
export function formatMoment(date: Date, now = new Date()): string {
  return dayFormat.format(date) === dayFormat.format(now)
    ? `hoy a las ${timeFormat.format(date)}`
    : `el ${officeDateTime.format(date)}`;
}

/** Whether a record's value is missing: nothing to show for it. */
export const isMissing = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === "" ||
  (Array.isArray(value) && value.length === 0);

/**
 * A record's value as staff read it (SPEC §9): dates in es-ES long form, 'Sí'/'No'; a missing
 * date 'N/A', as SPEC §9 says, and any other missing value "—" (decision 206: "N/A" on a
 * phone, a postcode or a reason is English and noise).
 */
export function formatValue(value: unknown, { date = false }: { date?: boolean } = {}): string {
  if (isMissing(value)) return date ? "N/A" : "—";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  const when = dateOf(value);
  if (when) return formatDate(when);
  if (Array.isArray(value)) return value.map((item) => formatValue(item)).join(", ");
  if (typeof value === "object") {
    const named = value as { title?: unknown; name?: unknown; alt?: unknown };
    if (typeof named.title === "string") return named.title;
    if (typeof named.name === "string") return named.name;
    // A project's photo (its history's «Fotos» line): what it shows, never its stored JSON.
    if (typeof named.alt === "string") return named.alt;
    return JSON.stringify(value);
  }
  return String(value);
}

/** Submitted values, converted per field type (SPEC §3: numbers become numbers). */
export function toPayload(
  details: Record<string, FieldDetail>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const [field, detail] of Object.entries(details)) {
    const value = values[field];
    switch (detail.type) {
      case "number":
      case "decimal":
        payload[field] =
          value === "" || value === null || value === undefined ? null : Number(value);
        break;
      case "selector":
        payload[field] =
          value === "" || value === null || value === undefined ? null : optionId(detail, value);
        break;
      case "multi-selector":
        payload[field] = Array.isArray(value) ? value.map((item) => optionId(detail, item)) : [];
        break;
      case "checkbox":
        payload[field] = Boolean(value);
        break;
      default:
        payload[field] = value ?? "";
    }
  }
  return payload;
}

/** Form controls hold strings; send the option's own id (a number when the API uses numbers). */
function optionId(detail: FieldDetail, value: unknown): unknown {
  const match = detail.selector?.find((option) => String(option.id) === String(value));
  return match ? match.id : value;
}

/**
 * The server's own words when it refused a change on a rule: 400 (bad request), 403 (not
 * allowed, e.g. the role hierarchy), 409 (the record changed since its form was opened) or 422
 * (a rule on the data, e.g. the last super admin).
 * Staff need the reason to act on it; other failures (5xx, no answer) keep the generic line,
 * since their text is never shown (decision 052).
 */
export function refusalMessage(
  error: unknown,
  /** Other statuses whose message is shown (a detail view's 404: the record was deleted). */
  also: readonly number[] = [],
): string | undefined {
  if (!(error instanceof ApiError) || ![400, 403, 409, 422, ...also].includes(error.status ?? 0)) {
    return;
  }
  const message = (error.body as { message?: unknown } | undefined)?.message;
  return typeof message === "string" && message.trim() !== "" ? message : undefined;
}
