import { count, desc, eq, getTableColumns } from "drizzle-orm";
import type { z } from "zod";
import type { UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { failValidation } from "../http-errors.ts";
import { withControlCharacterErrors } from "../validation.ts";
import { fieldMessages, hidden } from "./fields.ts";
import type { FormInput, ResourceDefinition } from "./resource.ts";

/** ARCHITECTURE: admin list pages hold 12 records, newest first. */
export const PER_PAGE = 12;

/** Ids are PostgreSQL `integer`s: anything outside cannot name a row (and must not reach SQL). */
const MAX_ID = 2_147_483_647;
export const isRowId = (id: number) => Number.isInteger(id) && id >= 1 && id <= MAX_ID;

export type AdminRecord = Record<string, unknown> & { id: number };

/** API records carry ISO dates (ARCHITECTURE: admin records). */
function toRecord(row: Record<string, unknown>): AdminRecord {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    record[key] = value instanceof Date ? value.toISOString() : value;
  }
  return record as AdminRecord;
}

const selection = (definition: ResourceDefinition) =>
  definition.select ?? getTableColumns(definition.table);

/** `?page=` as a user could type it: anything but a positive whole number means page 1. */
export function pageNumber(raw: string | undefined): number {
  const page = /^\d{1,9}$/.test(raw ?? "") ? Number(raw) : 1;
  return Math.max(1, page);
}

export async function listPage(db: Database, definition: ResourceDefinition, page: number) {
  const { table } = definition;
  const [counted] = await db.select({ total: count() }).from(table);
  const total = Number(counted?.total ?? 0);
  const last_page = Math.max(1, Math.ceil(total / PER_PAGE));
  const rows =
    page > last_page
      ? []
      : await db
          .select(selection(definition))
          .from(table)
          .orderBy(desc(table.created_at), desc(table.id))
          .limit(PER_PAGE)
          .offset((page - 1) * PER_PAGE);
  return {
    data: rows.map((row) => toRecord(row as Record<string, unknown>)),
    current_page: page,
    last_page,
    total,
    per_page: PER_PAGE,
  };
}

/** The list's column labels: a form field's title, or the definition's own label. */
export function listTitles(definition: ResourceDefinition): Record<string, string> {
  return Object.fromEntries(
    definition.list.map((field) => [
      field,
      definition.fields[field]?.title ?? definition.columns?.[field] ?? field,
    ]),
  );
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
  return row ? toRecord(row as Record<string, unknown>) : undefined;
}

export interface FieldDetails {
  title: string;
  type: string;
  value: unknown;
  selector?: { id: number; title: string }[];
}

/** SPEC §3 parameter_details: a blank form, or one filled from `record` (with its id). */
export async function formDetails(
  db: Database,
  definition: ResourceDefinition,
  record?: AdminRecord,
): Promise<Record<string, FieldDetails>> {
  const details: Record<string, FieldDetails> = {};
  if (record) details.id = { title: "ID", type: "hidden", value: record.id };
  for (const [name, field] of Object.entries(definition.fields)) {
    const value = record && !field.writeOnly ? (record[name] ?? field.blank) : field.blank;
    details[name] = { title: field.title, type: field.type, value };
    if (field.options) details[name].selector = await field.options(db);
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
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    failValidation({ body: ["Envía los datos del formulario como un objeto JSON."] });
  }
  const submitted = body as Record<string, unknown>;
  const schemas: [string, z.ZodType][] = action === "update" ? [["id", idField.input]] : [];
  for (const [name, field] of Object.entries(definition.fields)) {
    schemas.push([name, action === "update" ? (field.updateInput ?? field.input) : field.input]);
  }

  const input: FormInput = {};
  const errors: Record<string, string[]> = {};
  for (const [name, schema] of schemas) {
    const value = Object.hasOwn(submitted, name) ? submitted[name] : undefined;
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
  return record;
}

/** Undefined when no record has that id. */
export async function updateRecord(
  db: Database,
  definition: ResourceDefinition,
  id: number,
  input: FormInput,
  actor: UserView,
): Promise<AdminRecord | undefined> {
  if (!isRowId(id)) return undefined;
  const values = await columnsOf(definition, input, "update");
  let updated: boolean;
  try {
    updated = await db.transaction(async (tx) => {
      await definition.authorizeChange?.(tx, { action: "update", actor, id, input });
      const rows = await tx
        .update(definition.table)
        .set(values as never)
        .where(eq(definition.table.id, id))
        .returning({ id: definition.table.id });
      if (!rows.length) return false;
      await definition.afterUpdate?.(tx, id, input);
      return true;
    });
  } catch (error) {
    rethrowUnique(definition, error);
  }
  return updated ? findRecord(db, definition, id) : undefined;
}

/** False when no record has that id. */
export async function deleteRecord(
  db: Database,
  definition: ResourceDefinition,
  id: number,
  actor: UserView,
): Promise<boolean> {
  if (!isRowId(id)) return false;
  return db.transaction(async (tx) => {
    await definition.authorizeChange?.(tx, { action: "delete", actor, id });
    const rows = await tx
      .delete(definition.table)
      .where(eq(definition.table.id, id))
      .returning({ id: definition.table.id });
    return rows.length > 0;
  });
}
