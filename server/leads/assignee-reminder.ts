// Each assignee's morning reminder (issue 37; decision 255): on a working morning, one mail to
// each staff member with leads of their own to act on: the follow-ups they set for that day (and
// any left from an earlier day), then their leads still «Nuevo». The office's reminder of leads
// past the promise (reminder.ts) goes on as before; this one is addressed to the person.
import { and, asc, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { OFFICE_TIME_ZONE } from "../../content/office-clock.ts";
import { quoteChoices } from "../../content/quote-details.ts";
import { choiceLabel } from "../../content/quote-request.ts";
import { followUpLabels } from "../../content/staff-home.ts";
import type { Database } from "../db/client.ts";
import { contacts, mailOutbox, users } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { companyName, type MailText, renderMail } from "../mail/layout.ts";
import { queueMail } from "../mail/outbox.ts";
import { isWorkingDay, madridDay, mailedToday, reminderHour } from "./reminder.ts";

/** One advisory lock for these reminders: instances sharing a database send them once a day. */
const assigneeReminderLock = 0x7265_6d32; // "rem2"

/** The most leads one section of a mail lists; the rest are counted. */
const linesAtMost = 30;

const longDay = new Intl.DateTimeFormat("es-ES", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
});

const received = new Intl.DateTimeFormat("es-ES", {
  timeZone: OFFICE_TIME_ZONE,
  day: "numeric",
  month: "long",
});

interface AssigneeLead {
  id: number;
  reference: string | null;
  service: string | null;
  status: string;
  created_at: Date;
  follow_up_on: string | null;
  follow_up_note: string | null;
  assignee_id: number;
  assignee_name: string;
  assignee_email: string;
}

type ReminderEnv = Pick<Env, "APP_URL" | "REMINDER_HOLIDAYS">;

/**
 * Queues today's reminders when due: a working day in Madrid, from `reminderHour`, none sent yet
 * today. Answers how many staff members were written to (0: none due, or sent already).
 * `asked`: an operator asked for them now (`npm run leads:remind`, decision 277), so they go
 * whatever the day and hour, and again if this morning's went.
 */
export async function remindAssignees(
  db: Database,
  env: ReminderEnv,
  now = new Date(),
  { asked = false }: { asked?: boolean } = {},
): Promise<number> {
  const today = madridDay(now);
  const due = isWorkingDay(today.date, env.REMINDER_HOLIDAYS) && today.hour >= reminderHour;
  if (!due && !asked) return 0;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${assigneeReminderLock})`);
    if (!asked && (await mailedToday(tx, "assignee_reminder", today.date))) return 0;
    const leads: AssigneeLead[] = await tx
      .select({
        id: contacts.id,
        reference: contacts.reference,
        service: contacts.service,
        status: contacts.status,
        created_at: contacts.created_at,
        follow_up_on: contacts.follow_up_on,
        follow_up_note: contacts.follow_up_note,
        assignee_id: users.id,
        assignee_name: users.name,
        assignee_email: users.email,
      })
      .from(contacts)
      .innerJoin(users, eq(users.id, contacts.assignee_id))
      .where(
        and(
          isNull(contacts.erased_at),
          isNotNull(users.email_verified_at),
          or(lte(contacts.follow_up_on, today.date), eq(contacts.status, "nuevo")),
        ),
      )
      .orderBy(asc(contacts.follow_up_on), asc(contacts.created_at), asc(contacts.id));
    const byAssignee = new Map<number, AssigneeLead[]>();
    for (const lead of leads) {
      byAssignee.set(lead.assignee_id, [...(byAssignee.get(lead.assignee_id) ?? []), lead]);
    }
    for (const own of byAssignee.values()) {
      const id = await queueMail(tx, {
        ...assigneeMail(own, today.date, env),
        kind: "assignee_reminder",
      });
      // Dated by the clock that decided to send it, which the next check compares with.
      await tx.update(mailOutbox).set({ created_at: now }).where(eq(mailOutbox.id, id));
    }
    return byAssignee.size;
  });
}

/** A lead's line: reference, service, and the link to its page. */
function leadLine(lead: AssigneeLead, env: ReminderEnv, detail: string): MailText {
  const page = `${env.APP_URL}/admin/contacts/detail/${lead.id}`;
  return [
    [
      lead.reference ?? `Solicitud n.º ${lead.id}`,
      lead.service ? choiceLabel(quoteChoices.service, lead.service) : "Sin servicio indicado",
      detail,
    ].join(" · "),
    "\n",
    { text: page, href: page },
  ];
}

const dayName = (day: string) => longDay.format(new Date(`${day}T12:00:00Z`));

function section(title: string, lines: MailText[]): MailText[] {
  if (!lines.length) return [];
  return [
    title,
    ...lines.slice(0, linesAtMost),
    ...(lines.length > linesAtMost ? [`Y ${lines.length - linesAtMost} más, en el panel.`] : []),
  ];
}

/**
 * The mail: their follow-ups due (with the note they left), then their leads still «Nuevo». No
 * visitor's name or words, as in the office's reminder (decision 198).
 */
function assigneeMail(leads: AssigneeLead[], today: string, env: ReminderEnv) {
  const [first] = leads;
  if (!first) throw new Error("assignee reminder: no leads");
  const due = leads.filter((lead) => lead.follow_up_on !== null && lead.follow_up_on <= today);
  const fresh = leads.filter((lead) => lead.status === "nuevo" && !due.includes(lead));
  const dueLines = due.map((lead) =>
    leadLine(
      lead,
      env,
      [
        // «volver a contactar hoy», not «… el hoy»: the label ends in the article a date takes.
        lead.follow_up_on === today
          ? `${followUpLabels.filter.toLowerCase()} hoy`
          : `${followUpLabels.on.toLowerCase()} ${dayName(lead.follow_up_on as string)}`,
        ...(lead.follow_up_note ? [`«${lead.follow_up_note}»`] : []),
      ].join(" · "),
    ),
  );
  const freshLines = fresh.map((lead) =>
    leadLine(lead, env, `en «Nuevo» desde el ${received.format(lead.created_at)}`),
  );
  const parts = [
    due.length === 1 ? "1 seguimiento para hoy" : `${due.length} seguimientos para hoy`,
    fresh.length === 1 ? "1 solicitud nueva" : `${fresh.length} solicitudes nuevas`,
  ].filter((_, index) => (index === 0 ? due.length : fresh.length));
  return renderMail({
    to: first.assignee_email,
    subject: `Tu día: ${parts.join(" y ")}`,
    greeting: `Buenos días, ${first.assignee_name}:`,
    paragraphs: [
      ...section(
        due.length === 1
          ? "Quedaste en volver a contactar con este cliente:"
          : "Quedaste en volver a contactar con estos clientes:",
        dueLines,
      ),
      ...section(
        fresh.length === 1
          ? "Y esta solicitud tuya sigue en «Nuevo»:"
          : "Y estas solicitudes tuyas siguen en «Nuevo»:",
        freshLines,
      ),
    ],
    action: {
      label: "Ver mis solicitudes",
      url: `${env.APP_URL}/admin/contacts/index?assignee=${first.assignee_id}&sort=inbox&per_page=50`,
    },
    notes: [
      "Este aviso llega cada día laborable a quien tenga seguimientos para ese día o solicitudes nuevas asignadas.",
    ],
    signature: [`La web de ${companyName()}`],
  });
}
