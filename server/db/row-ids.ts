/**
 * Row ids as the database takes them, beside its client rather than in the admin's query parser:
 * the admin, the leads' code and the retention sweep all name rows by id.
 */
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** Ids are PostgreSQL `integer`s: anything outside cannot name a row (and must not reach SQL). */
const MAX_ID = 2_147_483_647;
export const isRowId = (id: number) => Number.isInteger(id) && id >= 1 && id <= MAX_ID;

/**
 * `column = any('{1,2,3}'::int[])`: one parameter whatever the number of ids (an IN list takes
 * one parameter per id, and a bulk action on every match may name more than the 65,535 a query
 * may carry).
 */
export function idIn(column: PgColumn, ids: readonly number[]): SQL {
  const safe = ids.filter((id) => Number.isSafeInteger(id));
  return sql`${column} = any(${`{${safe.join(",")}}`}::int[])`;
}
