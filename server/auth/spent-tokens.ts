// Tokens that no longer open anything, deleted by the retention sweep (decision 183): nothing
// a visitor reads depends on them being there, since a used, an expired and an unknown token
// get the same answer.
import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { accessTokens, oneTimeTokens } from "../db/schema.ts";

/**
 * Rows deleted per statement: short enough that a sign-in waiting behind one on the embedded
 * database does not notice, few statements even for a first turn after years of tokens.
 */
const batchSize = 1000;

/**
 * Sign-in tokens past their expiry, by `access_tokens_expires_idx`. Each one deleted is
 * announced to the instances' session caches (migration 0002's trigger), which held none of
 * them past its expiry anyway. Answers how many.
 */
export function deleteExpiredAccessTokens(db: Database): Promise<number> {
  return inBatches(async () => {
    const due = db
      .select({ id: accessTokens.id })
      .from(accessTokens)
      .where(lt(accessTokens.expires_at, sql`now()`))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .delete(accessTokens)
      .where(sql`${accessTokens.id} = any(array(${due}))`)
      .returning({ id: accessTokens.id });
  });
}

/**
 * Verification and reset links used or expired unused, by `one_time_tokens_spent_idx` (a link
 * is used before it expires, so the earlier of the two says when it stopped working). No grace
 * period: the link's screen and its API answer «Enlace no válido … ya se usó o ha caducado»
 * whether the row is there or not. Answers how many.
 */
export function deleteSpentOneTimeTokens(db: Database): Promise<number> {
  return inBatches(async () => {
    const due = db
      .select({ id: oneTimeTokens.id })
      .from(oneTimeTokens)
      .where(lt(sql`coalesce(${oneTimeTokens.used_at}, ${oneTimeTokens.expires_at})`, sql`now()`))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    return db
      .delete(oneTimeTokens)
      .where(sql`${oneTimeTokens.id} = any(array(${due}))`)
      .returning({ id: oneTimeTokens.id });
  });
}

/**
 * `id = any(array(…))`, not `id in (…)`: the batch's ids are read first and then deleted by the
 * primary key. Given `in`, PostgreSQL joined them to the whole table, read again for every
 * batch (4.2 s for a first turn of 100,000 expired tokens; decision 183).
 *
 * Runs `deleteBatch` until it deletes less than a batch (rows another instance holds are left
 * to it). Answers the total.
 */
async function inBatches(deleteBatch: () => Promise<unknown[]>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const gone = await deleteBatch();
    deleted += gone.length;
    if (gone.length < batchSize) return deleted;
  }
}
