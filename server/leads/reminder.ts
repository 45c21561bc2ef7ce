// The morning reminder of leads nobody has answered (decision 198). The contact page promises an
// answer «en un plazo de 1 día laborable» (content/quote-request.ts, nextSteps); a lead still
// «Nuevo» after that is a promise broken and, often, a customer gone to a competitor. Staff see
// «Espera 3 días» in the inbox, but only when they open it: once each working morning the office
// gets one mail listing the leads past the promise, each with a link to its page.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { OFFICE_TIME_ZONE, officeClock } from "../../content/office-clock.ts";
import { quoteChoices } from "../../content/quote-details.ts";
import { choiceLabel } from "../../content/quote-request.ts";
import type { Database } from "../db/client.ts";
import { contacts, mailOutbox, users } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { log } from "../log.ts";
import { leadNoticeRecipient } from "../mail/contact-notice.ts";
import { companyName, type MailText, renderMail } from "../mail/layout.ts";
import type { Mailer } from "../mail/mailer.ts";
import { queueMail } from "../mail/outbox.ts";
import { madridMidnight } from "../office-day.ts";
import { repeat } from "../repeat.ts";
import { remindAssignees } from "./assignee-reminder.ts";
import { isHoliday } from "./holidays.ts";

/** The hour (Madrid) from which the day's reminder goes: before the office opens its mail. */
export const reminderHour = 8;

/** One advisory lock for the reminder: instances sharing a database send it once a day. */
const reminderLock = 0x7265_6d31; // "rem1"

/** A moment in Madrid as its date (YYYY-MM-DD) and its hour. */
export function madridDay(at: Date): { date: string; hour: number } {
  const { year, month, day, hour } = officeClock(at);
  return { date: `${year}-${month}-${day}`, hour: Number(hour) };
}

/** `date` (YYYY-MM-DD) moved by `days`, as a calendar date. */
function dayAfter(date: string, days: number): Date {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day;
}

const ymd = (day: Date) => day.toISOString().slice(0, 10);

/** `date` (YYYY-MM-DD) moved by `days` on the calendar, as YYYY-MM-DD. */
export const daysFrom = (date: string, days: number): string => ymd(dayAfter(date, days));

/** Monday to Friday and no holiday (national or one of `officeDays`): the office is open. */
export function isWorkingDay(date: string, officeDays: readonly string[]): boolean {
  const weekday = dayAfter(date, 0).getUTCDay();
  return weekday >= 1 && weekday <= 5 && !isHoliday(date, officeDays);
}

/** The working day before `date` (YYYY-MM-DD): weekends and holidays skipped. */
export function previousWorkingDay(date: string, officeDays: readonly string[]): string {
  let back = 1;
  while (!isWorkingDay(ymd(dayAfter(date, -back)), officeDays)) back++;
  return ymd(dayAfter(date, -back));
}

/**
 * The inbox's view of the leads past the promise on `date`: «Nuevo», arrived by the day before
 * the last working day they had to be answered (the reminder's link and the staff home's card).
 */
export function overdueView(date: string, officeDays: readonly string[]): Record<string, string> {
  return { status: "nuevo", created_to: daysFrom(previousWorkingDay(date, officeDays), -1) };
}

const received = new Intl.DateTimeFormat("es-ES", {
  timeZone: OFFICE_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "2-digit",
  minute: "2-digit",
});

/** The settings the reminder reads: where it goes, its links, the office's own days off. */
type ReminderEnv = Pick<Env, "APP_URL" | "CONTACT_NOTIFY_TO" | "REMINDER_HOLIDAYS">;

/**
 * Queues today's reminder when it is due: a working day in Madrid (no holiday, decision 202),
 * from `reminderHour`, none sent yet today, and some lead still «Nuevo» that arrived before the
 * previous working day began (it had that whole day to be answered: Monday's lead is overdue on
 * Wednesday morning, Friday's on Tuesday's). Answers how many leads it listed (0: nothing sent). Checked and queued under one
 * lock in one transaction, so two instances never both send it.
 */
/**
 * Whether a mail of `kind` was queued on the Madrid day `date`: a morning mail goes once a day
 * whatever the number of instances (asked under the caller's advisory lock).
 */
export async function mailedToday(
  tx: Pick<Database, "select">,
  kind: "reminder" | "assignee_reminder",
  date: string,
): Promise<boolean> {
  const [sent] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.kind, kind),
        sql`${mailOutbox.created_at} >= ${madridMidnight(date)}`,
        sql`${mailOutbox.created_at} < ${madridMidnight(date, 1)}`,
      ),
    )
    .limit(1);
  return Boolean(sent);
}

export async function remindOfWaitingLeads(
  db: Database,
  env: ReminderEnv,
  now = new Date(),
): Promise<number> {
  const today = madridDay(now);
  if (!isWorkingDay(today.date, env.REMINDER_HOLIDAYS) || today.hour < reminderHour) return 0;
  const lastDayToAnswer = previousWorkingDay(today.date, env.REMINDER_HOLIDAYS);
  const overdueBefore = madridMidnight(lastDayToAnswer);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${reminderLock})`);
    if (await mailedToday(tx, "reminder", today.date)) return 0;
    const waiting = await tx
      .select({
        id: contacts.id,
        reference: contacts.reference,
        service: contacts.service,
        created_at: contacts.created_at,
        assignee: users.name,
      })
      .from(contacts)
      .leftJoin(users, eq(users.id, contacts.assignee_id))
      .where(
        and(
          eq(contacts.status, "nuevo"),
          isNull(contacts.erased_at),
          sql`${contacts.created_at} < ${overdueBefore}`,
        ),
      )
      .orderBy(asc(contacts.created_at), asc(contacts.id));
    if (!waiting.length) return 0;
    const view = new URLSearchParams(overdueView(today.date, env.REMINDER_HOLIDAYS)).toString();
    const id = await queueMail(tx, { ...reminderMail(waiting, view, env), kind: "reminder" });
    // Dated by the clock that decided to send it, which the next check compares with (the
    // database's own, but for a test's moments of another week).
    await tx.update(mailOutbox).set({ created_at: now }).where(eq(mailOutbox.id, id));
    return waiting.length;
  });
}

/** The oldest this many are listed; the rest are counted (an inbox left for weeks). */
const linesAtMost = 30;

interface WaitingLead {
  id: number;
  reference: string | null;
  service: string | null;
  created_at: Date;
  assignee: string | null;
}

/**
 * The reminder: how many, then one line a lead, oldest first, with its reference, its service,
 * when it came and who has it, and a link to its page. No visitor's name or words: the mail
 * outlives an erased lead in the outbox's copies (decision 179), and staff read them on the page.
 */
function reminderMail(leads: WaitingLead[], view: string, env: ReminderEnv) {
  const count = leads.length;
  const lines: MailText[] = leads.slice(0, linesAtMost).map((lead) => {
    // The address itself: the text part, which some staff read, keeps only a link's text.
    const page = `${env.APP_URL}/admin/contacts/detail/${lead.id}`;
    return [
      [
        lead.reference ?? `Solicitud n.º ${lead.id}`,
        lead.service ? choiceLabel(quoteChoices.service, lead.service) : "Sin servicio indicado",
        `recibida el ${received.format(lead.created_at)}`,
        lead.assignee ? `responsable: ${lead.assignee}` : "sin responsable",
      ].join(" · "),
      "\n",
      { text: page, href: page },
    ];
  });
  return renderMail({
    to: leadNoticeRecipient(env),
    subject:
      count === 1
        ? "1 solicitud de presupuesto sigue sin respuesta"
        : `${count} solicitudes de presupuesto siguen sin respuesta`,
    greeting: "Buenos días:",
    paragraphs: [
      count === 1
        ? "Esta solicitud sigue en «Nuevo» después del día laborable en que prometimos responder:"
        : `Estas ${count} solicitudes siguen en «Nuevo» después del día laborable en que prometimos responder:`,
      ...lines,
      ...(count > linesAtMost ? [`Y ${count - linesAtMost} más, en el panel.`] : []),
    ],
    action: {
      label: count === 1 ? "Verla en el panel" : "Verlas en el panel",
      url: `${env.APP_URL}/admin/contacts/index?${view}`,
    },
    notes: [
      "Cuando hayas respondido, cambia su estado en el panel y dejará de aparecer aquí. Este aviso llega cada día laborable mientras quede alguna.",
    ],
    signature: [`La web de ${companyName()}`],
  });
}

/** A reminder check at start and each `everyMs`; a check that fails is tried at the next. */
export function remindEachMorning(
  db: Database,
  mail: Mailer,
  env: ReminderEnv,
  everyMs = 15 * 60_000,
): { stop(): Promise<void> } {
  return repeat(async () => {
    try {
      const listed = await remindOfWaitingLeads(db, env);
      if (listed) log.info({ leads: listed }, "leads: reminder of unanswered leads queued");
      // Each assignee's own: follow-ups due and their leads still new (decision 255).
      const assignees = await remindAssignees(db, env);
      if (assignees) log.info({ assignees }, "leads: assignees' morning reminders queued");
      if (listed || assignees) await mail.flush();
    } catch (error) {
      log.warn({ err: error }, "leads: reminder not checked, the next turn tries again");
    }
  }, everyMs);
}
