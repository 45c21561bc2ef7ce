/**
 * The quote form's step funnel (issue 36; decision 264): one counter per office day, service and
 * step, incremented in place. Nothing about the visitor is read or kept: not the address (the
 * rate limit counts it in memory or Redis, never here), not a cookie, not the time of day.
 */
import { sql } from "drizzle-orm";
import { OFFICE_TIME_ZONE } from "../../content/office-clock.ts";
import type { FunnelStep } from "../../content/quote-funnel.ts";
import type { Database } from "../db/client.ts";
import { quoteFunnel } from "../db/schema.ts";

export async function countFunnelStep(db: Database, service: string, step: FunnelStep) {
  await db
    .insert(quoteFunnel)
    .values({
      day: sql`(now() at time zone ${OFFICE_TIME_ZONE})::date`,
      service,
      step,
      count: 1,
    })
    .onConflictDoUpdate({
      target: [quoteFunnel.day, quoteFunnel.service, quoteFunnel.step],
      set: { count: sql`${quoteFunnel.count} + 1` },
    });
}

/** The counts of the days from `from` to `to` (YYYY-MM-DD, both included), summed per service and step. */
export async function funnelCounts(db: Database, from: string, to: string) {
  return db
    .select({
      service: quoteFunnel.service,
      step: quoteFunnel.step,
      count: sql<number>`sum(${quoteFunnel.count})::integer`,
    })
    .from(quoteFunnel)
    .where(sql`${quoteFunnel.day} between ${from}::date and ${to}::date`)
    .groupBy(quoteFunnel.service, quoteFunnel.step)
    .orderBy(quoteFunnel.service, quoteFunnel.step);
}
