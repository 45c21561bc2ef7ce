// The staff home (issue 37; decision 253): what a staff member should do next, as cards that
// each open the lead inbox on exactly what they count. A card's count is the inbox's own query
// (parseListQuery of the same parameters the card's link carries), so the two cannot disagree.
import { and, count, desc, eq, lt, sql } from "drizzle-orm";
import {
  type HomeCard,
  type HomeCardKey,
  homeCardTitles,
  type StaffHome,
} from "../../content/staff-home.ts";
import type { Database } from "../db/client.ts";
import { contacts, staffHomeCounts } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { daysFrom, madridDay, overdueView } from "../leads/reminder.ts";
import { parseListQuery } from "./list-query.ts";
import { contactsResource } from "./resources/contacts.ts";

/** The statuses of a lead still in play: neither won nor lost. */
export const openStatuses = "nuevo,contactado,visita,presupuesto_enviado";

/** Each card's inbox view, as the query of /admin/contacts/index, for staff member `me` on `today`. */
export function homeCardQueries(
  me: number,
  today: string,
  officeDays: readonly string[],
): Record<HomeCardKey, Record<string, string>> {
  return {
    nuevos: { status: "nuevo" },
    sin_asignar: { status: openStatuses, assignee: "ninguno" },
    // The morning reminder's own view: «Nuevo» past the day the contact page promises.
    esperando: overdueView(today, officeDays),
    // Open leads whose «volver a contactar el» day has come (decision 255), whoever has them.
    volver: { status: openStatuses, follow_up: "vencido,hoy" },
    mios: { status: openStatuses, assignee: String(me) },
    // Sent a week ago or more, and still waiting for the client's word.
    presupuestos: { status: "presupuesto_enviado", status_changed_to: daysFrom(today, -7) },
    ganados: { status: "ganado", status_changed_from: `${today.slice(0, 8)}01` },
  };
}

/**
 * The home's cards for `me`, and the last day before today that the home was opened (what each
 * card's `previous` compares with; «desde ayer» when that day is yesterday). Today's counts are
 * kept as the day's last, for tomorrow's comparison.
 */
export async function staffHome(
  db: Database,
  me: number,
  env: Pick<Env, "REMINDER_HOLIDAYS">,
  now = new Date(),
): Promise<StaffHome> {
  const today = madridDay(now).date;
  const queries = homeCardQueries(me, today, env.REMINDER_HOLIDAYS);
  const counted: Omit<HomeCard, "previous">[] = [];
  for (const [key, query] of Object.entries(queries) as [HomeCardKey, Record<string, string>][]) {
    const { where } = parseListQuery(contactsResource, query);
    const [row] = await db
      .select({
        total: count(),
        amount: sql<string | null>`sum(${contacts.won_amount})`,
      })
      .from(contacts)
      .where(where);
    counted.push({
      key,
      title: homeCardTitles[key],
      query: new URLSearchParams(query).toString(),
      count: Number(row?.total ?? 0),
      ...(key === "ganados" ? { amount: Number(row?.amount ?? 0) } : {}),
    });
  }
  const counts = Object.fromEntries(counted.map((card) => [card.key, card.count]));
  const [before] = await db
    .select({ day: staffHomeCounts.day, counts: staffHomeCounts.counts })
    .from(staffHomeCounts)
    .where(and(eq(staffHomeCounts.user_id, me), lt(staffHomeCounts.day, today)))
    .orderBy(desc(staffHomeCounts.day))
    .limit(1);
  await db
    .insert(staffHomeCounts)
    .values({ user_id: me, day: today, counts })
    .onConflictDoUpdate({
      target: [staffHomeCounts.user_id, staffHomeCounts.day],
      set: { counts },
    });
  return {
    today,
    since: before?.day ?? null,
    cards: counted.map((card) => ({ ...card, previous: before?.counts[card.key] ?? null })),
  };
}
