/**
 * Google Ads' offline conversions (issue 36; decision 262): the won leads, and if asked the quoted
 * ones, that carry a click id (kept only with the visitor's advertising consent, decision 260),
 * as the file Google Ads imports (Goals > Conversions > Uploads), in the columns of its
 * "conversions from clicks" template. Each time carries its offset, so the file needs no
 * time-zone parameter line. Leads with only an iOS click id (gbraid, wbraid) are not in the
 * file: its template has no column for them.
 */
import { and, asc, gte, isNotNull, lt, sql } from "drizzle-orm";
import { OFFICE_TIME_ZONE, officeClock } from "../../content/office-clock.ts";
import type { Database } from "../db/client.ts";
import { contacts } from "../db/schema.ts";
import type { Env } from "../env.ts";

export const conversionColumns = [
  "Google Click ID",
  "Conversion Name",
  "Conversion Time",
  "Conversion Value",
  "Conversion Currency",
] as const;

/** The company invoices in euros. */
export const conversionCurrency = "EUR";

export interface Conversion {
  gclid: string;
  name: string;
  time: Date;
  value: number | null;
}

/** "2026-11-29 10:15:00+01:00": the office's clock with its offset, as Google's template asks. */
export function conversionTime(time: Date): string {
  const { year, month, day, hour, minute, second, offset } = officeClock(time);
  return `${year}-${month}-${day} ${hour}:${minute}:${second}${offset}`;
}

/** The start of a day ("2026-11-29") in the office's time zone. */
const dayStart = (day: string) => sql`(${day}::timestamp at time zone ${OFFICE_TIME_ZONE})`;

/**
 * The conversions that happened from `from` to `to` (office days, both included): a win at the
 * lead's last status change while «ganado», a quote when it was first sent.
 */
export async function offlineConversions(
  db: Database,
  env: Pick<Env, "ADS_OFFLINE_WON_CONVERSION" | "ADS_OFFLINE_QUOTED_CONVERSION">,
  { from, to, quoted }: { from: string; to: string; quoted: boolean },
): Promise<Conversion[]> {
  const within = (column: typeof contacts.status_changed_at | typeof contacts.quoted_at) =>
    and(gte(column, dayStart(from)), lt(column, sql`${dayStart(to)} + interval '1 day'`));
  const won = await db
    .select({ gclid: contacts.gclid, time: contacts.status_changed_at, value: contacts.won_amount })
    .from(contacts)
    .where(
      and(
        isNotNull(contacts.gclid),
        sql`${contacts.status} = 'ganado'`,
        within(contacts.status_changed_at),
      ),
    )
    .orderBy(asc(contacts.status_changed_at), asc(contacts.id));
  const sent = quoted
    ? await db
        .select({ gclid: contacts.gclid, time: contacts.quoted_at })
        .from(contacts)
        .where(and(isNotNull(contacts.gclid), within(contacts.quoted_at)))
        .orderBy(asc(contacts.quoted_at), asc(contacts.id))
    : [];
  return [
    ...sent.map((row) => ({
      gclid: row.gclid as string,
      name: env.ADS_OFFLINE_QUOTED_CONVERSION,
      time: row.time as Date,
      value: null,
    })),
    ...won.map((row) => ({
      gclid: row.gclid as string,
      name: env.ADS_OFFLINE_WON_CONVERSION,
      time: row.time as Date,
      value: row.value ?? null,
    })),
  ].sort((a, b) => a.time.getTime() - b.time.getTime());
}

/**
 * What a Google click id looks like (base64url). A lead may keep any printable value sent as one
 * (decision 260); only these reach the file, so nothing in it can be read as a spreadsheet
 * formula or break a line.
 */
const clickIdShape = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * The file: Google's header, one line per conversion. Click ids have their shape, and a
 * conversion name has neither comma nor quote (server/env.ts), so no field needs quoting.
 */
export function conversionsCsv(conversions: readonly Conversion[]): string {
  const lines = [conversionColumns.join(",")];
  for (const c of conversions) {
    if (!clickIdShape.test(c.gclid)) continue;
    lines.push(
      [
        c.gclid,
        c.name,
        conversionTime(c.time),
        c.value === null ? "" : c.value.toFixed(2),
        c.value === null ? "" : conversionCurrency,
      ].join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}
