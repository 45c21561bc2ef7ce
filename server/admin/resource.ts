import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import type { Field } from "./fields.ts";

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
  /** Labels of list columns that are not form fields (a joined label, a date). */
  columns?: Record<string, string>;
  /** What one record holds; default: every column of the table. */
  select?: Record<string, PgColumn | SQL.Aliased | SQL>;
  /** Column values written for validated input; default: the input itself. */
  toColumns?(input: FormInput, action: "create" | "update"): Promise<Record<string, unknown>>;
  /** Replaces the generic insert (users are made by the one createUser). Returns the new id. */
  insert?(db: Database, input: FormInput): Promise<number>;
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
}

export function defineResource(definition: ResourceDefinition): ResourceDefinition {
  for (const field of definition.list) {
    if (!definition.fields[field] && !definition.columns?.[field]) {
      throw new Error(`admin resource ${definition.key}: list field ${field} has no title`);
    }
  }
  return definition;
}
