// Tokens that no longer open anything, deleted by the retention sweep (decision 183): nothing
// a visitor reads depends on them being there, since a used, an expired and an unknown token
// get the same answer.
import { lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { accessTokens, oneTimeTokens } from "../db/schema.ts";

/**
 * Rows deleted per statement: 17 to 57 ms each on a busy 2-core machine (decision 183), which is
 * what a request may wait behind one on the embedded database; a first turn after years of
 * tokens is still a few seconds.
 */
const batchSize = 1000;

/**
 * Sign-in tokens past their expiry, by `access_tokens_expires_idx`. Each one deleted is
 * announced to the instances' session caches (migration 0002's trigger), which held none of
 * them past its expiry anyway. Answers how many.
 */
export function deleteExpiredAccessTokens(db: Database): Promise<number> {
  return deleteInBatches(db, accessTokens, lt(accessTokens.expires_at, sql`now()`));
}

/**
 * Verification and reset links used or expired unused, by `one_time_tokens_spent_idx` (a link
 * is used before it expires, so the earlier of the two says when it stopped working). No grace
 * period: the link's screen and its API answer «Enlace no válido … ya se usó o ha caducado»
 * whether the row is there or not. Answers how many.
 */
export function deleteSpentOneTimeTokens(db: Database): Promise<number> {
  const spent = sql`coalesce(${oneTimeTokens.used_at}, ${oneTimeTokens.expires_at})`;
  return deleteInBatches(db, oneTimeTokens, lt(spent, sql`now()`));
}

/**
 * Deletes `table`'s rows matching `due`, a batch a statement, until one deletes fewer than a
 * batch (rows another instance holds are left to it). Answers the total. A batch's ids are read
 * first and then deleted by the primary key, `id = any(array(…))`: given `id in (…)`,
 * PostgreSQL joined them to the whole table, read again for every batch (4.2 s for a first turn
 * of 100,000 expired tokens instead of 1.7 s; decision 183).
 */
async function deleteInBatches(
  db: Database,
  table: typeof accessTokens | typeof oneTimeTokens,
  due: SQL | undefined,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = db
      .select({ id: table.id })
      .from(table)
      .where(due)
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const gone = await db
      .delete(table)
      .where(sql`${table.id} = any(array(${batch}))`)
      .returning({ id: table.id });
    deleted += gone.length;
    if (gone.length < batchSize) return deleted;
  }
}
