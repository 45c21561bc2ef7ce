// A lead's follow-up (issue 37; decision 255): «volver a contactar el …», a day on the office's
// calendar, with a short note. Set or cleared from the lead's page; the inbox filters by it and
// the morning reminder tells each assignee of theirs that fall due.
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { OFFICE_TIME_ZONE } from "../../content/office-clock.ts";
import { followUpLabels, followUpNoteMax, followUpStates } from "../../content/staff-home.ts";
import { contacts } from "../db/schema.ts";
import { controlCharacterMessage, hasControlCharacter } from "../validation.ts";

/** Today on the office's calendar, as PostgreSQL reads it. */
const officeToday = sql`(now() at time zone ${OFFICE_TIME_ZONE})::date`;

/** Where a lead's follow-up stands today: «vencido», «hoy», «programado», or none. */
export const followUpState = sql<string | null>`case
  when ${contacts.follow_up_on} is null then null
  when ${contacts.follow_up_on} < ${officeToday} then 'vencido'
  when ${contacts.follow_up_on} = ${officeToday} then 'hoy'
  else 'programado' end`;

/** The leads whose follow-up is in one of `states` (the inbox's filter), through the index. */
export function followUpIn(states: readonly string[]): SQL {
  const each = states.map((state) =>
    state === "vencido"
      ? sql`${contacts.follow_up_on} < ${officeToday}`
      : state === "hoy"
        ? sql`${contacts.follow_up_on} = ${officeToday}`
        : sql`${contacts.follow_up_on} > ${officeToday}`,
  );
  return sql`(${sql.join(each, sql` or `)})`;
}

export const followUpFilter = {
  kind: "choice" as const,
  title: followUpLabels.filter,
  on: followUpState,
  options: followUpStates,
  where: followUpIn,
};

function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** POST /api/admin/contacts/follow-up: a day (or null to clear it) and an optional note. */
export const followUpBody = z.object({
  id: z.number({ error: "Indica el «id» numérico del registro." }).int(),
  on: z
    .string({ error: `Indica la fecha de «${followUpLabels.on}», o null para quitarla.` })
    .refine(isCalendarDay, `La fecha de «${followUpLabels.on}» debe tener la forma AAAA-MM-DD.`)
    .nullable(),
  note: z
    .string({ error: `«${followUpLabels.note}» debe ser un texto.` })
    .trim()
    .max(
      followUpNoteMax,
      `«${followUpLabels.note}» no puede tener más de ${followUpNoteMax} caracteres.`,
    )
    .refine((text) => !hasControlCharacter(text), controlCharacterMessage(followUpLabels.note))
    .nullish(),
});
