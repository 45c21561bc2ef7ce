import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * `column = any('{1,2,3}'::int[])`: one parameter whatever the number of ids (an IN list takes
 * one parameter per id, and a bulk action on every match may name more than the 65,535 a query
 * may carry). Beside the database client, not in the admin's query parser, so that leads,
 * retention and mail code below the admin can use it without importing the admin.
 */
export function idIn(column: PgColumn, ids: readonly number[]): SQL {
  const safe = ids.filter((id) => Number.isSafeInteger(id));
  return sql`${column} = any(${`{${safe.join(",")}}`}::int[])`;
}
