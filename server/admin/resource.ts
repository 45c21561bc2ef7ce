import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import type { Env } from "../env.ts";
import type { Field } from "../fields.ts";
import { nameFields } from "../http-errors.ts";
import type { LeadMail } from "../mail/lead-mails.ts";

/** SPEC §3: the actions an admin list may offer. */
export type AdminRoute = "create" | "update" | "delete";

/** Every admin table has these columns (SPEC §3: admin records carry id and both dates). */
export type AdminTable = PgTable & { id: PgColumn; created_at: PgColumn; updated_at: PgColumn };

/** Validated form values, keyed by field name. */
export type FormInput = Record<string, unknown>;

/** A write a staff member (`actor`) asks for, as a definition's `authorizeChange` sees it. */
export type RecordChange =
  | { action: "create"; actor: UserView; input: FormInput }
  | { action: "update"; actor: UserView; id: number; input: FormInput }
  | { action: "delete"; actor: UserView; id: number };

/**
 * Everything the admin area knows about one resource. The generic router draws the list, the
 * forms and the permission check from it, so adding a resource is adding one of these.
 */
export interface ResourceDefinition {
  /** The {resource} of /api/admin/{resource}; also the permission key (SPEC §6). */
  key: string;
  /** Spanish name of the section (the permission's name). */
  title: string;
  table: AdminTable;
  routes: readonly AdminRoute[];
  /** Form fields, in the order the form shows them. */
  fields: Record<string, Field>;
  /** Record fields shown in the list, in order. */
  list: readonly string[];
  /**
   * How a wide screen's table draws the list (a card shows every listed field in order):
   * `summary`, a listed long text shown under each record's title instead of in a column of its
   * own (a lead's message); `wide`, listed columns shown only from 1536 px (a lead's phone and
   * e-mail), so that the table fits a laptop's screen beside the navigation.
   */
  tableLayout?: { summary?: string; wide?: readonly string[] };
  /**
   * Record fields the detail view shows first, in order (then every other field and column);
   * default: the list's. A list chosen for triage (the lead inbox's) need not reorder a record.
   */
  detail?: readonly string[];
  /** Labels of list columns that are not form fields (a joined label, a date). */
  columns?: Record<string, string>;
  /** What one record holds; default: every column of the table. */
  select?: Record<string, PgColumn | SQL.Aliased | SQL>;
  /** Column values written for validated input; default: the input itself. */
  toColumns?(input: FormInput, action: "create" | "update"): Promise<Record<string, unknown>>;
  /** Replaces the generic insert (users are made by the one createUser). Returns the new id. */
  insert?(db: Database, input: FormInput): Promise<number>;
  /**
   * Runs in the update's transaction, the record locked, just before it is written (e.g. a
   * subscription given another address keeps its old proof of consent blocked, decision 168).
   */
  beforeUpdate?(db: Database, id: number, input: FormInput): Promise<void>;
  /** Runs in the update's transaction (e.g. a new password signs the user out everywhere). */
  afterUpdate?(db: Database, id: number, input: FormInput): Promise<void>;
  /** The field a unique-index refusal belongs to, and its Spanish message. */
  unique?: { field: string; message: string };
  /**
   * Rules on who may make a change beyond the section's permission (e.g. the role hierarchy of
   * users): throws a 403 or 422 to refuse it. Updates and deletes call it inside the write's
   * transaction, before writing, so what it reads cannot change under it.
   */
  authorizeChange?(db: Database, change: RecordChange): Promise<void>;

  // The list tools (server/admin/list-query.ts); each has a default drawn from the fields, so
  // every resource has search, sort, filters and export without declaring anything.
  /** Columns `?q=` searches (accent- and case-insensitive); default: the text fields. */
  search?: readonly (PgColumn | SQL)[];
  /** `?sort=` keys and what they order by; default: the listed fields that are columns. */
  sortable?: Record<string, PgColumn | SQL>;
  /** Named orders besides the columns' (e.g. the lead inbox's), as `?sort=name`. */
  orders?: Record<string, NamedOrder>;
  /** `?name=value` filters; default: checkboxes, selectors and the creation date. */
  filters?: Record<string, ListFilter>;
  /** A record's title in lists, details and the audit log (e.g. "name — subject"). */
  recordTitle?(record: Record<string, unknown>): string;
  /**
   * What staff must not miss about a record, said under its title in the list (a lead whose
   * confirmation was refused: phone them); the list's records carry it as `record_alert`.
   */
  recordAlert?(record: Record<string, unknown>): string | undefined;
  /**
   * A stored value as staff read it, where no list of labels can say it (a quote's answers,
   * kept as `question:choice|choice`): lists, details and exports show what this answers. Only
   * for fields staff never edit, since an edit form would get the reading back.
   */
  shownAs?: Record<string, (record: Record<string, unknown>) => unknown>;
  /** Fields shown in the edit form that staff may never change (a visitor's own words). */
  readOnly?: readonly string[];
  /** A status with fixed steps: POST /api/admin/{resource}/status and bulk changes. */
  status?: StatusDefinition;
  /** Record fields never shown, logged or exported (besides any named like a secret). */
  secret?: readonly string[];
  /**
   * Record fields the screens use but a CSV would only repeat: a status's code beside the
   * label staff read (`status` beside `status_label`).
   */
  notExported?: readonly string[];
  /**
   * Screens of a record beyond SPEC's edit form, at /admin/{resource}/{path}/{id} (e.g. a
   * campaign's preview and send): the list links each record to them.
   */
  screens?: readonly { path: string; label: string }[];
  /**
   * Deleting a record erases a person's data (GDPR art. 17; decision 104): the audit log keeps
   * who deleted which record id and when, but drops what the record held, in this entry and in
   * every earlier entry about the record.
   */
  erasure?: boolean;
  /**
   * Related rows to remove with records (runs in the delete's transaction). It may answer the
   * names of the mail files of the copies it deleted (`deleteCopies`): they are deleted once the
   * delete has committed, so a rolled-back one keeps them (decision 188).
   */
  beforeDelete?(db: Database, ids: readonly number[]): Promise<readonly string[] | undefined>;
  /** Internal notes on records (a lead's timeline): POST /api/admin/{resource}/notes. */
  notes?: boolean;
  /** A staff member following each record: POST /api/admin/{resource}/assign. */
  assignee?: {
    column: PgColumn;
    title: string;
    options(db: Database): Promise<{ id: number; title: string }[]>;
    /**
     * Tells the new assignee what they were given (a lead's mail with its link, decision 254),
     * in the assignment's transaction; not called when records are given to nobody.
     */
    notify?(
      db: Database,
      assignment: {
        ids: readonly number[];
        assigneeId: number;
        actor: UserView;
        env: Pick<Env, "APP_URL">;
      },
    ): Promise<void>;
  };
  /**
   * The view the side navigation opens the list on, as query parameters (the lead inbox: new
   * leads, the one waiting longest first). The plain list URL stays SPEC's list.
   */
  landing?: Record<string, string>;
  /**
   * Images a visitor sent with a record (a lead's photos, decision 131), listed in the record's
   * details; the images themselves are served by their own routes.
   */
  photos?(
    db: Database,
    id: number,
  ): Promise<{ id: number; name: string; width: number; height: number; size: number }[]>;
  /**
   * The mails a record's person was sent, with where each stands (a lead's confirmation,
   * decision 180), listed in the record's details.
   */
  mails?(db: Database, record: Record<string, unknown> & { id: number }): Promise<LeadMail[]>;
  /**
   * Mails staff write to the record's person from its page (a lead's replies, decision 187):
   * what the page lists and offers, and the sending, which answers the mail's id (null: no such
   * record). Offered to those who may change the section's records (its "update" route).
   */
  replies?: {
    list(
      db: Database,
      record: Record<string, unknown> & { id: number },
      context: { env: Pick<Env, "LEAD_REPLY_TO">; actor: UserView },
    ): Promise<unknown>;
    send(
      db: Database,
      env: Pick<Env, "LEAD_REPLY_TO">,
      actor: UserView,
      reply: { id: number; subject: string; message: string },
      recordTitle: string,
    ): Promise<number | null>;
  };
  /**
   * Columns that store a code from a fixed list (a lead's service, budget, area): staff read the
   * label, in lists, details, history and exports (decision 150: labels come from content/).
   */
  choices?: Record<string, readonly { value: string; title: string }[]>;
  /** Records the side navigation counts apart (e.g. new leads), with their label. */
  highlight?: { title: string; where: SQL };
}

/**
 * A named order: `groups` first, always as written (the lead inbox's "new leads first"), then
 * `by`, ascending unless the list asks for `dir=desc`.
 */
export interface NamedOrder {
  title: string;
  groups?: readonly SQL[];
  by: readonly (PgColumn | SQL)[];
}

/** One filter of a list, read from the query string by its name. */
export type ListFilter =
  | {
      kind: "choice";
      title: string;
      on: PgColumn | SQL;
      /** Several values may be asked at once, comma-separated (status=nuevo,visita). */
      options: readonly { value: string; title: string }[];
      /**
       * The condition for the values asked, when `on` is costly to work out row by row (a
       * correlated subquery) and an index can narrow the rows first; default: `on` in values.
       */
      where?(values: readonly string[]): SQL;
    }
  | { kind: "boolean"; title: string; on: PgColumn | SQL }
  /** `name_from` and `name_to`, dates as YYYY-MM-DD (Madrid days), either or both. */
  | { kind: "date"; title: string; on: PgColumn | SQL }
  /** Exactly this text (e.g. the audit log's section key). */
  | { kind: "text"; title: string; on: PgColumn | SQL }
  /** A record id among `options` (e.g. the assignee), or "ninguno" for none. */
  | {
      kind: "reference";
      title: string;
      on: PgColumn | SQL;
      options(db: Database): Promise<{ id: number; title: string }[]>;
    };

/** The steps a record moves through, and what a change writes besides the status. */
export interface StatusDefinition {
  column: PgColumn;
  title: string;
  options: readonly { value: string; title: string }[];
  /** A status that needs a reason (a lost lead), and where the reason goes. */
  reason?: { status: string; column: PgColumn; title: string };
  /**
   * A status that may carry an amount, asked when a record moves to it (a won lead's value,
   * decision 253): written when given, cleared when the record moves to any other status.
   */
  amount?: { status: string; column: PgColumn; field: Field };
  /** Extra columns a change to `status` writes (e.g. handled, the change's date). */
  columnsFor?(status: string): Record<string, unknown>;
}

export function defineResource(definition: ResourceDefinition): ResourceDefinition {
  nameFields({
    ...Object.fromEntries(Object.entries(definition.fields).map(([name, f]) => [name, f.title])),
    ...definition.columns,
  });
  for (const field of [...definition.list, ...(definition.detail ?? [])]) {
    if (!definition.fields[field] && !definition.columns?.[field]) {
      throw new Error(`admin resource ${definition.key}: list field ${field} has no title`);
    }
  }
  for (const field of [
    definition.tableLayout?.summary ?? [],
    definition.tableLayout?.wide ?? [],
  ].flat()) {
    if (!definition.list.includes(field)) {
      throw new Error(`admin resource ${definition.key}: table field ${field} is not listed`);
    }
  }
  return definition;
}
