import { and, Column, count, eq, inArray, is, isNull, SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type AuditAction, forgetRecords, recordAudit } from "../audit-log.ts";
import type { UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import { forgetInWriteAheadLog } from "../db/erasure.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { idIn, isRowId } from "../db/row-ids.ts";
import type { Env } from "../env.ts";
import { fieldMessages, hidden } from "../fields.ts";
import { fail, failValidation, noFieldErrors } from "../http-errors.ts";
import { deleteMailFiles } from "../mail/transport.ts";
import { jsonObject, withControlCharacterErrors } from "../validation.ts";
import { changedFields, redact } from "./audit.ts";
import { type ListQuery, PER_PAGE, pageNumber, parseListQuery, selectionOf } from "./list-query.ts";
import type { FormInput, ResourceDefinition } from "./resource.ts";

export { isRowId, PER_PAGE, pageNumber };

export type AdminRecord = Record<string, unknown> & { id: number };

/** API records carry ISO dates (ARCHITECTURE: admin records), never a secret, and a title. */
export function toRecord(
  definition: ResourceDefinition,
  row: Record<string, unknown>,
): AdminRecord {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(redact(definition, row) ?? {})) {
    record[key] = value instanceof Date ? value.toISOString() : value;
  }
  Object.assign(record, shownValues(definition, record));
  record.record_title = recordTitle(definition, record);
  return record as AdminRecord;
}

/** The record's values that staff read otherwise than stored (`shownAs`), for the fields it has. */
export function shownValues(
  definition: ResourceDefinition,
  record: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(definition.shownAs ?? {})
      .filter(([key]) => key in record)
      .map(([key, show]) => [key, show(record)]),
  );
}

/**
 * The listed field a record's title is drawn from when the definition has no `recordTitle` of
 * its own (a subscription's address, a user's name): a table's first column and a card's
 * heading show it, so it is not drawn again as a column of its own.
 */
export const titleField = (definition: ResourceDefinition): string | undefined =>
  definition.recordTitle ? undefined : definition.list[0];

/** A record's name for people: the definition's title, else its first listed value. */
export function recordTitle(definition: ResourceDefinition, record: Record<string, unknown>) {
  if (definition.recordTitle) return definition.recordTitle(record);
  const first = definition.list
    .map((field) => record[field])
    .find((value) => typeof value === "string" && value !== "");
  return typeof first === "string" ? first : `Registro n.º ${record.id}`;
}

const selection = (definition: ResourceDefinition) =>
  selectionOf(definition) as Record<string, never>;

/**
 * One page of the list (SPEC §7's answer), searched, filtered and sorted as `query` asks
 * (server/admin/list-query.ts); a page number alone is the SPEC's plain list.
 */
export async function listPage(
  db: Database,
  definition: ResourceDefinition,
  pageOrQuery: number | ListQuery,
) {
  const query =
    typeof pageOrQuery === "number"
      ? { ...parseListQuery(definition, {}), page: pageOrQuery }
      : pageOrQuery;
  const { table } = definition;
  const { page, perPage } = query;
  let rows: Record<string, unknown>[];
  let total: number;
  if (query.searching) {
    // A search reads every row's text: the total rides along with the page (one pass, not
    // two); only an empty page (past the end, or no match) asks for it on its own.
    const paged = (await db
      .select({ ...selection(definition), __total: sql<number>`count(*) over ()` })
      .from(table)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(perPage)
      .offset((page - 1) * perPage)) as (Record<string, unknown> & { __total: number })[];
    total = Number(paged[0]?.__total ?? 0);
    if (!paged.length && page > 1) total = await countOf(db, definition, query.where);
    rows = paged.map(({ __total: _, ...row }) => row);
  } else {
    // Without one, an index finds the page and the count reads no row's text. The page's ids
    // first, then its records: a record's computed columns (a lead's «Datos personales hasta»,
    // its responsible's name: subqueries) are read for the page's rows only, not for every row
    // an index walks past to reach page 400 (decision 179).
    total = await countOf(db, definition, query.where);
    const pageIds = db
      .select({ id: table.id })
      .from(table)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(perPage)
      .offset((page - 1) * perPage);
    rows =
      (page - 1) * perPage >= total
        ? []
        : ((await db
            .select(selection(definition))
            .from(table)
            .where(inArray(table.id, pageIds))
            .orderBy(...query.orderBy)) as Record<string, unknown>[]);
  }
  const last_page = Math.max(1, Math.ceil(total / perPage));
  return {
    data: rows.map((row) => listRecord(definition, row)),
    current_page: page,
    last_page,
    total,
    per_page: perPage,
  };
}

/** A list's record: a detail's, plus what staff must not miss about it (`recordAlert`). */
function listRecord(definition: ResourceDefinition, row: Record<string, unknown>): AdminRecord {
  const record = toRecord(definition, row);
  const alert = definition.recordAlert?.(record);
  return alert ? { ...record, record_alert: alert } : record;
}

async function countOf(db: Database, definition: ResourceDefinition, where: SQL | undefined) {
  const [counted] = await db.select({ total: count() }).from(definition.table).where(where);
  return Number(counted?.total ?? 0);
}

/**
 * How the browser reads coded values: field → stored code → label (a lead's service, budget,
 * area), from the definition's `choices` (content/ holds the labels, decision 150).
 */
export function valueTitles(
  definition: ResourceDefinition,
): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(definition.choices ?? {}).map(([field, options]) => [
      field,
      Object.fromEntries(options.map((option) => [option.value, option.title])),
    ]),
  );
}

/**
 * The fields that hold a date: a timestamp column, or an expression read as one (a lead's
 * «Datos personales hasta»). Staff read a missing date as "N/A" (SPEC §9), any other missing
 * value as "—" (decision 206); the browser cannot tell a missing date from a missing text.
 */
export function dateFields(definition: ResourceDefinition): string[] {
  const isDate = (expression: unknown) => is(expression, Column) && expression.dataType === "date";
  // An expression's `mapWith(column)` reads its values as that column's (drizzle's decoder).
  const decoder = (expression: SQL) => (expression as unknown as { decoder?: unknown }).decoder;
  return Object.entries(selectionOf(definition))
    .filter(([, expression]) =>
      is(expression, SQL.Aliased)
        ? isDate(decoder(expression.sql))
        : is(expression, SQL)
          ? isDate(decoder(expression))
          : isDate(expression),
    )
    .map(([field]) => field);
}

/** The list's column labels: a form field's title, or the definition's own label. */
export function listTitles(
  definition: ResourceDefinition,
  fields: readonly string[] = definition.list,
): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [
      field,
      definition.fields[field]?.title ?? definition.columns?.[field] ?? field,
    ]),
  );
}

/**
 * The detail view's labels, in the order it shows them: the id, the definition's `detail` fields
 * (else the list's), then every other field and column, the status, its reason and the assignee.
 */
export function detailTitles(definition: ResourceDefinition): Record<string, string> {
  const titles: Record<string, string> = {
    id: "ID",
    ...listTitles(definition, definition.detail ?? definition.list),
  };
  for (const [name, field] of Object.entries(definition.fields)) titles[name] ??= field.title;
  for (const [name, title] of Object.entries(definition.columns ?? {})) titles[name] ??= title;
  if (definition.status) titles[definition.status.column.name] = definition.status.title;
  if (definition.status?.reason) {
    titles[definition.status.reason.column.name] = definition.status.reason.title;
  }
  if (definition.assignee) titles[definition.assignee.column.name] = definition.assignee.title;
  return titles;
}

export async function findRecord(
  db: Database,
  definition: ResourceDefinition,
  id: number,
): Promise<AdminRecord | undefined> {
  if (!isRowId(id)) return undefined;
  const [row] = await db
    .select(selection(definition))
    .from(definition.table)
    .where(eq(definition.table.id, id))
    .limit(1);
  return row ? toRecord(definition, row as Record<string, unknown>) : undefined;
}

export interface FieldDetails {
  title: string;
  type: string;
  value: unknown;
  selector?: { id: number; title: string }[];
}

/**
 * SPEC §3 parameter_details: a blank form, or one filled from `record` (with its id); a
 * selector offers what `viewer` may choose (an admin is not offered the super admin role).
 */
export async function formDetails(
  db: Database,
  definition: ResourceDefinition,
  viewer: { roles: { name: string }[] },
  record?: AdminRecord,
): Promise<Record<string, FieldDetails>> {
  const details: Record<string, FieldDetails> = {};
  if (record) details.id = { title: "ID", type: "hidden", value: record.id };
  for (const [name, field] of Object.entries(definition.fields)) {
    const value = record && !field.writeOnly ? (record[name] ?? field.blank) : field.blank;
    details[name] = { title: field.title, type: field.type, value };
    if (field.options) details[name].selector = await field.options(db, viewer);
  }
  return details;
}

const idField = hidden("ID");

/**
 * Checks a submitted form against the definition, field by field (types, lengths, Spanish
 * messages), and every selector's value against the choices it offers: one 422 lists them all.
 */
export async function parseForm(
  db: Database,
  definition: ResourceDefinition,
  body: unknown,
  action: "create" | "update",
): Promise<FormInput> {
  const submitted = jsonObject(body);
  const schemas: [string, z.ZodType][] = action === "update" ? [["id", idField.input]] : [];
  for (const [name, field] of Object.entries(definition.fields)) {
    schemas.push([name, action === "update" ? (field.updateInput ?? field.input) : field.input]);
  }

  const input: FormInput = {};
  const errors = noFieldErrors();
  for (const [name, schema] of schemas) {
    const value = Object.hasOwn(submitted, name) ? submitted[name] : undefined;
    // On update a field left out keeps what is stored (a read-only one too; when sent, it must
    // equal what is stored): only the id is always needed.
    if (value === undefined && action === "update" && name !== "id") continue;
    const result = await schema.safeParseAsync(value);
    if (result.success) input[name] = result.data;
    else errors[name] = result.error.issues.map((issue) => issue.message);
  }
  for (const [name, field] of Object.entries(definition.fields)) {
    const value = input[name];
    if (!field.options || value === null || value === undefined) continue;
    const allowed = new Set((await field.options(db)).map((option) => option.id));
    const chosen = Array.isArray(value) ? value : [value];
    if (chosen.some((id) => !allowed.has(id as number))) {
      errors[name] = [fieldMessages.option(field.title)];
    }
  }
  // What passed a schema that is not a text field's (a password) is held to the same rule.
  const allErrors = withControlCharacterErrors(errors, input);
  if (Object.keys(allErrors).length) failValidation(allErrors);
  return input;
}

/**
 * The `version` an edit form was loaded with (the record's `updated_at` from GET
 * /api/admin/{resource}/create/{id}), when the form sends one; SPEC §7's call without it saves
 * as before, last write wins.
 */
export function formVersion(body: unknown): string | undefined {
  const version = (body as { version?: unknown }).version;
  if (version === undefined) return undefined;
  if (typeof version === "string" && version.length <= 40) return version;
  failValidation({ version: ["La versión del formulario no es válida. Recarga la página."] });
}

/** An edit form opened before someone else's change would undo it without a word (409). */
export function editedMeanwhile(): never {
  fail(409, {
    title: "Registro modificado",
    message:
      "Otra persona ha cambiado este registro después de que abrieras el formulario. No hemos guardado tus cambios para no deshacer los suyos: recarga la página para ver la versión actual.",
  });
}

async function columnsOf(
  definition: ResourceDefinition,
  input: FormInput,
  action: "create" | "update",
) {
  if (definition.toColumns) return definition.toColumns(input, action);
  const { id: _id, ...values } = input;
  return values;
}

/** A unique index refused the row: a 422 on the definition's field, like any other check. */
function rethrowUnique(definition: ResourceDefinition, error: unknown): never {
  if (definition.unique && isUniqueViolation(error)) {
    failValidation({ [definition.unique.field]: [definition.unique.message] });
  }
  throw error;
}

export async function createRecord(
  db: Database,
  definition: ResourceDefinition,
  input: FormInput,
  actor: UserView,
): Promise<AdminRecord> {
  await definition.authorizeChange?.(db, { action: "create", actor, input });
  let id: number;
  try {
    if (definition.insert) id = await definition.insert(db, input);
    else {
      const values = await columnsOf(definition, input, "create");
      const [row] = await db
        .insert(definition.table)
        .values(values as never)
        .returning({ id: definition.table.id });
      id = row?.id as number;
    }
  } catch (error) {
    rethrowUnique(definition, error);
  }
  const record = await findRecord(db, definition, id);
  if (!record) throw new Error(`admin ${definition.key}: created row ${id} not found`);
  await recordAudit(db, actor, {
    action: "create",
    resource: definition.key,
    recordId: id,
    recordTitle: record.record_title as string,
    after: record,
  });
  return record;
}

export const readOnlyMessage = (title: string) =>
  `El campo «${title}» lo escribió el visitante y no se puede modificar; añade una nota con la corrección.`;

/** 422 when an update would change a read-only field (compared as the form would store it). */
async function refuseReadOnlyChanges(
  definition: ResourceDefinition,
  input: FormInput,
  before: AdminRecord,
) {
  const errors = noFieldErrors();
  for (const name of definition.readOnly ?? []) {
    const field = definition.fields[name];
    if (!field || !Object.hasOwn(input, name)) continue;
    const stored = await field.input.safeParseAsync(before[name] ?? undefined);
    const current = stored.success ? stored.data : before[name];
    if ((input[name] ?? null) !== (current ?? null)) errors[name] = [readOnlyMessage(field.title)];
  }
  if (Object.keys(errors).length) failValidation(errors);
}

/** Undefined when no record has that id. */
export async function updateRecord(
  db: Database,
  definition: ResourceDefinition,
  id: number,
  input: FormInput,
  actor: UserView,
  /** The form's `version` (formVersion): refused with 409 if the record changed since. */
  version?: string,
): Promise<AdminRecord | undefined> {
  if (!isRowId(id)) return undefined;
  const values = await columnsOf(definition, input, "update");
  try {
    return await db.transaction(async (tx) => {
      await definition.authorizeChange?.(tx, { action: "update", actor, id, input });
      await lockRows(tx, definition, [id]);
      const before = await findRecord(tx, definition, id);
      if (!before) return undefined;
      if (version !== undefined && before.updated_at !== version) editedMeanwhile();
      await refuseReadOnlyChanges(definition, input, before);
      // Nothing to write when every field was left out (each keeps what is stored).
      if (Object.values(values).some((value) => value !== undefined)) {
        await definition.beforeUpdate?.(tx, id, input);
        await tx
          .update(definition.table)
          .set(values as never)
          .where(eq(definition.table.id, id));
      }
      await definition.afterUpdate?.(tx, id, input);
      const after = await findRecord(tx, definition, id);
      const changed = changedFields(before, after ?? null);
      await recordAudit(tx, actor, {
        action: changed.includes("role_id") ? "role" : "update",
        resource: definition.key,
        recordId: id,
        recordTitle: after?.record_title as string,
        before,
        after,
        details: {
          changed,
          // A new password is recorded as set, never as what it is.
          ...(typeof input.password === "string" ? { password_changed: true } : {}),
        },
      });
      return after;
    });
  } catch (error) {
    rethrowUnique(definition, error);
  }
}

/** Rows about to change are locked until the write commits (two staff, one record). */
async function lockRows(db: Database, definition: ResourceDefinition, ids: readonly number[]) {
  if (!ids.length) return;
  await db
    .select({ id: definition.table.id })
    .from(definition.table)
    .where(idIn(definition.table.id, ids))
    .for("update");
}

/**
 * False when no record has that id. The mail files of the copies the definition deleted with
 * the record go from `mailFolder` once the delete has committed (decision 188).
 */
export async function deleteRecord(
  db: Database,
  definition: ResourceDefinition,
  id: number,
  actor: UserView,
  mailFolder: string,
): Promise<boolean> {
  if (!isRowId(id)) return false;
  let files: readonly string[] = [];
  const deleted = await db.transaction(async (tx) => {
    await definition.authorizeChange?.(tx, { action: "delete", actor, id });
    const before = await findRecord(tx, definition, id);
    if (!before) return false;
    files = (await definition.beforeDelete?.(tx, [id])) ?? [];
    const rows = await tx
      .delete(definition.table)
      .where(eq(definition.table.id, id))
      .returning({ id: definition.table.id });
    if (!rows.length) return false;
    if (definition.erasure) await forgetRecords(tx, definition.key, [id]);
    await recordAudit(tx, actor, {
      action: "delete",
      resource: definition.key,
      recordId: id,
      ...(definition.erasure ? {} : { recordTitle: before.record_title as string, before }),
    });
    return true;
  });
  if (deleted) await deleteMailFiles(mailFolder, files);
  if (deleted && definition.erasure) await forgetInWriteAheadLog(db);
  return deleted;
}

/** The ids of every record a list query matches, in its order (a bulk action's targets). */
export async function matchingIds(
  db: Database,
  definition: ResourceDefinition,
  where: SQL | undefined,
  orderBy: SQL[],
): Promise<number[]> {
  const rows = await db
    .select({ id: definition.table.id })
    .from(definition.table)
    .where(where)
    .orderBy(...orderBy);
  return rows.map((row) => row.id as number);
}

/** At most this many ids are copied into one audit entry of a bulk action. */
const AUDITED_IDS = 1000;

/**
 * Deletes the records with these ids, each through the definition's rules (a super admin is
 * still not deleted by an admin, nor the last one by anyone): one refusal refuses them all.
 * Their mail files go from `mailFolder` once the delete has committed, as in `deleteRecord`.
 * Answers how many were deleted (ids that name nothing are skipped).
 */
export async function bulkDelete(
  db: Database,
  definition: ResourceDefinition,
  ids: readonly number[],
  actor: UserView,
  details: Record<string, unknown>,
  mailFolder: string,
): Promise<number> {
  const valid = [...new Set(ids.filter(isRowId))];
  if (!valid.length) return 0;
  let files: readonly string[] = [];
  const deleted = await db.transaction(async (tx) => {
    if (definition.authorizeChange) {
      for (const id of valid) await definition.authorizeChange(tx, { action: "delete", actor, id });
    }
    files = (await definition.beforeDelete?.(tx, valid)) ?? [];
    const rows = await tx
      .delete(definition.table)
      .where(idIn(definition.table.id, valid))
      .returning({ id: definition.table.id });
    if (definition.erasure) {
      await forgetRecords(
        tx,
        definition.key,
        rows.map((row) => Number(row.id)),
      );
    }
    if (rows.length) {
      await recordAudit(tx, actor, {
        action: "bulk_delete",
        resource: definition.key,
        affected: rows.length,
        details: { ...details, ids: rows.slice(0, AUDITED_IDS).map((row) => row.id) },
      });
    }
    return rows.length;
  });
  await deleteMailFiles(mailFolder, files);
  if (deleted && definition.erasure) await forgetInWriteAheadLog(db);
  return deleted;
}

export interface StatusChange {
  status: string;
  reason?: string | null;
  /** The status's amount as sent (a won lead's value): checked by `checkStatus`. */
  amount?: unknown;
  /**
   * The status the staff member saw when they chose (one record's control): the change is
   * refused with 409 if the record has moved since, instead of undoing a colleague's step.
   */
  from?: string;
}

/** A one-click change over a colleague's newer one would undo it without a word (409). */
function changedMeanwhile(what: string): never {
  fail(409, {
    title: "Registro modificado",
    message: `Otra persona ha cambiado ${what} de este registro mientras lo tenías abierto. No hemos guardado tu cambio para no deshacer el suyo: ahora ves el actual.`,
  });
}

/**
 * 422 unless the status is one of the definition's, with a reason when it needs one and an amount
 * only where it takes one. Answers the amount as a number (null: none given).
 */
export function checkStatus(definition: ResourceDefinition, change: StatusChange): number | null {
  const status = definition.status;
  if (!status) fail(404, { title: "No encontrado", message: "Esta sección no tiene estados." });
  const allowed = status.options.map((option) => option.value);
  if (!allowed.includes(change.status)) {
    failValidation({
      status: [
        `El estado «${change.status}» no existe. Estados admitidos: ${allowed.map((v) => `«${v}»`).join(", ")}.`,
      ],
    });
  }
  if (status.reason?.status === change.status && !change.reason) {
    // The status as staff read it («Perdido»), not its code.
    const title =
      status.options.find((option) => option.value === change.status)?.title ?? change.status;
    failValidation({
      reason: [`Indica el motivo («${status.reason.title}») para el estado «${title}».`],
    });
  }
  const given = change.amount;
  if (given === undefined || given === null || given === "") return null;
  if (!status.amount || status.amount.status !== change.status) {
    const title = status.options.find((option) => option.value === status.amount?.status)?.title;
    failValidation({
      amount: [
        title
          ? `El importe solo se indica al marcar el estado «${title}».`
          : "Esta sección no admite importes.",
      ],
    });
  }
  const parsed = status.amount.field.input.safeParse(given);
  if (!parsed.success) {
    failValidation({ amount: parsed.error.issues.map((issue) => issue.message) });
  }
  return parsed.data as number | null;
}

/**
 * Moves records to a status in one write (one lead, or a bulk action's), with what the status
 * implies (a lead's "handled"; the reason of a lost one). Answers how many changed.
 */
export async function changeStatus(
  db: Database,
  definition: ResourceDefinition,
  ids: readonly number[],
  change: StatusChange,
  actor: UserView,
  audit: {
    action: Extract<AuditAction, "status" | "bulk_status">;
    details?: Record<string, unknown>;
  },
): Promise<number> {
  const amount = checkStatus(definition, change);
  const status = definition.status;
  const valid = [...new Set(ids.filter(isRowId))];
  if (!status || !valid.length) return 0;
  const values: Record<string, unknown> = {
    [status.column.name]: change.status,
    ...status.columnsFor?.(change.status),
  };
  if (status.amount) {
    // Marked again without an amount, a won lead keeps the one it had; any other status has none.
    if (status.amount.status !== change.status) values[status.amount.column.name] = null;
    else if (amount !== null) values[status.amount.column.name] = amount;
  }
  if (status.reason) {
    values[status.reason.column.name] =
      status.reason.status === change.status ? (change.reason ?? null) : null;
  }
  return db.transaction(async (tx) => {
    const single = audit.action === "status" && valid.length === 1 ? valid[0] : undefined;
    const before = single !== undefined ? await findRecord(tx, definition, single) : undefined;
    const rows = await tx
      .update(definition.table)
      .set(values as never)
      .where(
        and(
          idIn(definition.table.id, valid),
          change.from === undefined ? undefined : eq(status.column, change.from),
        ),
      )
      .returning({ id: definition.table.id });
    if (!rows.length && before && change.from !== undefined) changedMeanwhile("el estado");
    if (!rows.length) return 0;
    const after = single !== undefined ? await findRecord(tx, definition, single) : undefined;
    await recordAudit(tx, actor, {
      action: audit.action,
      resource: definition.key,
      recordId: single ?? null,
      recordTitle: (after?.record_title as string | undefined) ?? null,
      affected: rows.length,
      before: before ?? null,
      after: after ?? null,
      details: {
        ...audit.details,
        status: change.status,
        ...(change.reason ? { reason: change.reason } : {}),
        ...(amount !== null ? { amount } : {}),
        ...(single === undefined ? { ids: rows.slice(0, AUDITED_IDS).map((row) => row.id) } : {}),
      },
    });
    return rows.length;
  });
}

/** Sets or clears who follows a record; undefined when no record has that id. */
export async function assignRecord(
  db: Database,
  definition: ResourceDefinition,
  id: number,
  assigneeId: number | null,
  actor: UserView,
  env: Pick<Env, "APP_URL">,
  /** Who the staff member saw following it (null: nobody); 409 if that has changed since. */
  from?: number | null,
): Promise<AdminRecord | undefined> {
  if (!isRowId(id)) return undefined;
  const [after] = await assignRecords(db, definition, [id], assigneeId, actor, env, { from });
  return after;
}

/**
 * Gives records to a staff member, or to nobody (one record, or a bulk action's): each change is
 * its own audit entry, so every record's history shows who moved it to whom (decision 254), and
 * the definition's `notify` tells the new assignee, once, in the same transaction. Answers the
 * records whose assignee changed (a record already theirs is left alone).
 */
export async function assignRecords(
  db: Database,
  definition: ResourceDefinition,
  ids: readonly number[],
  assigneeId: number | null,
  actor: UserView,
  env: Pick<Env, "APP_URL">,
  options: { from?: number | null; details?: Record<string, unknown> } = {},
): Promise<AdminRecord[]> {
  const assignee = definition.assignee;
  const valid = [...new Set(ids.filter(isRowId))];
  if (!assignee || !valid.length) return [];
  if (assigneeId !== null) {
    const options = await assignee.options(db);
    if (!options.some((option) => option.id === assigneeId)) {
      failValidation({
        assignee_id: [
          `Solo se puede asignar a alguien del equipo que pueda entrar en la administración (campo «${assignee.title}»).`,
        ],
      });
    }
  }
  const { from } = options;
  return db.transaction(async (tx) => {
    const changed: AdminRecord[] = [];
    for (const id of valid) {
      const before = await findRecord(tx, definition, id);
      if (!before) continue;
      const seen =
        from === undefined
          ? undefined
          : from === null
            ? isNull(assignee.column)
            : eq(assignee.column, from);
      const rows = await tx
        .update(definition.table)
        .set({ [assignee.column.name]: assigneeId } as never)
        .where(and(eq(definition.table.id, id), seen))
        .returning({ id: definition.table.id });
      if (!rows.length) changedMeanwhile("el responsable");
      const after = await findRecord(tx, definition, id);
      if (!after) continue;
      // Given to whom already had it: nothing to record, nobody to tell.
      if (before[assignee.column.name] === assigneeId) {
        if (valid.length === 1) changed.push(after);
        continue;
      }
      await recordAudit(tx, actor, {
        action: "assign",
        resource: definition.key,
        recordId: id,
        recordTitle: after.record_title as string,
        before,
        after,
        ...(options.details ? { details: options.details } : {}),
      });
      changed.push(after);
    }
    const told = changed
      .filter((record) => record[assignee.column.name] !== null)
      .map((record) => record.id as number);
    if (assigneeId !== null && told.length && assignee.notify) {
      await assignee.notify(tx, { ids: told, assigneeId, actor, env });
    }
    return changed;
  });
}
