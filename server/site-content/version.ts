import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { siteContentVersion } from "../db/schema.ts";

/** The channel every instance listens on for published changes (decision 244). */
export const siteContentChannel = "site_content";

/**
 * Call inside the transaction that publishes anything a public page shows (the company record,
 * a project, an opinion…). It bumps the one version row and notifies `site_content` with the new
 * number. PostgreSQL delivers a NOTIFY only when its transaction commits, and drops it on a
 * rollback, so no instance forgets its pages for a change that did not happen, nor before the
 * change can be read. PGlite does the same within its one process.
 */
export async function siteContentChanged(tx: Database): Promise<number> {
  const [row] = await tx
    .update(siteContentVersion)
    .set({ version: sql`${siteContentVersion.version} + 1`, changed_at: sql`now()` })
    .where(eq(siteContentVersion.id, 1))
    .returning({ version: siteContentVersion.version });
  const version = Number(row?.version);
  await tx.execute(sql`select pg_notify(${siteContentChannel}, ${String(version)})`);
  return version;
}

/** The version as committed now. */
export async function readSiteContentVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: siteContentVersion.version })
    .from(siteContentVersion)
    .where(eq(siteContentVersion.id, 1));
  return Number(row?.version ?? 0);
}
