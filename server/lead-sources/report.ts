/**
 * The «Fuentes» report (issue 36; decision 261): per month of arrival (the office's days), per
 * channel, source and campaign, how many leads came, how many were sent a quote, how many were
 * won and what those were worth. A cohort: a lead counts in the month it arrived, whatever
 * month it was quoted or won in, so a month's row says how well that month's leads turned out.
 */
import { and, desc, gte, lt, sql } from "drizzle-orm";
import type { SourceRow } from "../../content/lead-sources.ts";
import { OFFICE_TIME_ZONE } from "../../content/office-clock.ts";
import type { Database } from "../db/client.ts";
import { contacts } from "../db/schema.ts";

/** The start of a month ("2026-11") in the office's time zone. */
const monthStart = (month: string) =>
  sql`(${`${month}-01`}::timestamp at time zone ${OFFICE_TIME_ZONE})`;

/** `from` and `to` are months, both included. */
export async function sourcesReport(db: Database, from: string, to: string): Promise<SourceRow[]> {
  // The zone written into the statement, not bound: grouping by an expression with a parameter
  // is refused (each mention binds a parameter of its own, so they are not the same expression).
  const zone = sql.raw(`'${OFFICE_TIME_ZONE}'`);
  const month = sql<string>`to_char(${contacts.created_at} at time zone ${zone}, 'YYYY-MM')`;
  const channel = sql<string>`coalesce(${contacts.source_channel}, 'sin_datos')`;
  const source = sql<string | null>`coalesce(${contacts.utm_source}, ${contacts.referrer_domain})`;
  const rows = await db
    .select({
      month,
      channel,
      source,
      campaign: contacts.utm_campaign,
      leads: sql<number>`count(*)::integer`,
      quoted: sql<number>`(count(*) filter (where ${contacts.quoted_at} is not null
        or ${contacts.status} = 'ganado'))::integer`,
      won: sql<number>`(count(*) filter (where ${contacts.status} = 'ganado'))::integer`,
      won_value: sql<string>`coalesce(sum(${contacts.won_amount})
        filter (where ${contacts.status} = 'ganado'), 0)::text`,
    })
    .from(contacts)
    .where(
      and(
        gte(contacts.created_at, monthStart(from)),
        lt(contacts.created_at, sql`${monthStart(to)} + interval '1 month'`),
      ),
    )
    .groupBy(month, channel, source, contacts.utm_campaign)
    .orderBy(desc(month), desc(sql`count(*)`), channel, source, contacts.utm_campaign);
  return rows.map((row) => ({ ...row, won_value: Number(row.won_value) }));
}
