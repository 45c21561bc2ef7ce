import { sql } from "drizzle-orm";
import { log } from "../log.ts";
import { pgliteOf } from "./backup.ts";
import type { Database } from "./client.ts";

/**
 * Called once an erasure has committed (staff deleting a lead, a subscription or an account; the
 * retention sweep): on the embedded database, closes the write-ahead log's segment that holds
 * the erased rows and checkpoints, and PostgreSQL deletes that segment (`wal_recycle=off`,
 * openPglite), so no copy of them is left in the log files a backup of the folder would carry
 * (decision 205). A few tens of milliseconds, during which the embedded database answers
 * nothing else; erasures are rare.
 *
 * Not on a PostgreSQL server: CHECKPOINT needs a role the site's may not have, makes the whole
 * server write out every changed page at once, and its log is archived or streamed to replicas
 * as the operator set it up, which no checkpoint takes back.
 *
 * A failure is logged, never thrown: the erasure itself stands.
 */
export async function forgetInWriteAheadLog(db: Database): Promise<void> {
  if (!pgliteOf(db)) return;
  try {
    await db.execute(sql`select pg_switch_wal()`);
    await db.execute(sql`checkpoint`);
  } catch (error) {
    log.error({ err: error }, "db: the write-ahead log could not be closed after an erasure");
  }
}
