import { and, asc, eq, getTableColumns, inArray, isNotNull, sql } from "drizzle-orm";
import { sourceChannels, sourceLabels } from "../../../content/lead-sources.ts";
import { leadStatuses, leadStatusValues } from "../../../content/lead-statuses.ts";
import { choicesOf, quoteChoices } from "../../../content/quote-details.ts";
import { type QuoteField, quoteField, quoteFields } from "../../../content/quote-fields.ts";
import { type Choice, contactLabels, contactLimits } from "../../../content/quote-request.ts";
import { answersText } from "../../../content/service-questions.ts";
import { followUpLabels, wonAmountLabel } from "../../../content/staff-home.ts";
import type { Database } from "../../db/client.ts";
import { contacts, leadPhotos, roles, users } from "../../db/schema.ts";
import { checkbox, decimal, email, text, textarea } from "../../fields.ts";
import { mailAssignee } from "../../leads/assignment-mail.ts";
import { followUpFilter } from "../../leads/follow-up.ts";
import { leadReplies, queueLeadReply } from "../../leads/reply.ts";
import { deleteMailCopies, personalDataUntil } from "../../leads/retention.ts";
import {
  confirmationIn,
  confirmationState,
  confirmationStates,
  confirmationTitle,
  leadMails,
} from "../../mail/lead-mails.ts";
import { deleteNotes } from "../notes.ts";
import { defineResource, type FormInput } from "../resource.ts";

/**
 * A contact message as the public form sends it (SPEC §3, §5); the admin form checks edits
 * with the same rules, so staff can never store what a visitor could not.
 */
export const contactFields = {
  name: text(contactLabels.name, { required: true, max: contactLimits.name, personName: true }),
  email: email(contactLabels.email),
  phone: text(contactLabels.phone, {
    max: contactLimits.phone,
    patterns: [
      {
        regex: /^[0-9 .+()-]+$/,
        message: `El campo «${contactLabels.phone}» solo puede contener números, espacios, puntos y los signos + ( ) -.`,
      },
      // Refuses scribbles such as «+1» or «-2+3» and takes any number written with its area
      // code (Spanish ones have 9 digits); decision 078.
      {
        regex: /(?:\d\D*){6}/,
        message: `El campo «${contactLabels.phone}» debe tener al menos 6 cifras.`,
      },
    ],
  }),
  subject: text(contactLabels.subject, { required: true, max: contactLimits.subject }),
  message: textarea(contactLabels.message, { required: true, max: contactLimits.message }),
};

/** A list of choices as the admin's options. */
const titled = (choices: readonly Choice[]) =>
  choices.map(({ value, label }) => ({ value, title: label }));

/**
 * The quote's details as staff read them (content/quote-fields.ts, decision 240): each one's
 * title (the detail's page, the list and the exports' header) and, for a list, its choices by
 * label (the detail's page and the exports' cells); and the columns staff are not shown.
 */
export function detailsForStaff(fields: readonly QuoteField[]) {
  const shown = fields.filter((field) => field.staff !== false);
  return {
    titles: Object.fromEntries(shown.map((field) => [field.name, field.label])),
    choices: Object.fromEntries(
      shown.flatMap((field) =>
        field.kind === "choice" ? [[field.name, titled(choicesOf(field))]] : [],
      ),
    ),
    hidden: fields.filter((field) => field.staff === false).map((field) => field.name),
  };
}

const details = detailsForStaff(quoteFields);

/**
 * Staff who may follow a lead: accounts that can enter the admin area, a staff role and a
 * verified address (decision 254); anyone else is refused as an assignee.
 */
export async function staffOptions(db: Database) {
  const rows = await db
    .select({ id: users.id, title: users.name })
    .from(users)
    .innerJoin(roles, sql`${roles.id} = ${users.role_id}`)
    .where(and(inArray(roles.name, ["super_admin", "admin"]), isNotNull(users.email_verified_at)))
    .orderBy(users.name, users.id);
  return rows;
}

/**
 * SPEC §7's form still shows and sends "Atendido": ticking it moves a new lead to
 * "contactado" (a lead further on keeps its status), unticking it moves the lead back to
 * "nuevo". Only `handled` and the status are written: the visitor's own words are read-only.
 */
function handledColumns(input: FormInput) {
  if (input.handled === undefined) return {};
  const handled = input.handled === true;
  const status = handled
    ? sql`case when ${contacts.status} = 'nuevo' then 'contactado' else ${contacts.status} end`
    : sql`'nuevo'`;
  return {
    handled,
    status,
    lost_reason: handled ? sql`${contacts.lost_reason}` : null,
    status_changed_at: sql`case when ${contacts.status} = ${status} then ${contacts.status_changed_at} else now() end`,
  };
}

/**
 * Messages come only from visitors: staff read them, move them through the pipeline, assign
 * them, write notes and delete them, but never write or rewrite what a visitor sent
 * (docs/decisions/140-lead-pipeline.md). A lead keeps its personal data until the
 * date its details and the CSV show, then the retention sweep erases them (decision 179);
 * deleting one erases it whole, with its mail copies and what the audit log held of it.
 */
/**
 * The table's columns but the flag of a withheld confirmation, which the lead shows as its
 * confirmation's state (`confirmation_mail`, decision 205) rather than as a field of its own.
 */
const { confirmation_withheld: _withheld, ...tableColumns } = getTableColumns(contacts);
const shownColumns = Object.fromEntries(
  Object.entries(tableColumns).filter(([key]) => !details.hidden.includes(key)),
) as typeof tableColumns;

/** A lead's channel, «sin_datos» when it kept none (decision 260). */
export const channelOrNone = sql<string>`coalesce(${contacts.source_channel}, 'sin_datos')`;

export const contactsResource = defineResource({
  key: "contacts",
  title: "Contactos",
  table: contacts,
  routes: ["update", "delete"],
  fields: { ...contactFields, handled: checkbox("Atendido") },
  // What staff triage by (decision 169): what was asked, where and for how much, then how to
  // answer and the visitor's words. Name and subject are the record's title (its own column and
  // card heading), and «Atendido» follows the status, so neither is repeated here. Choices and
  // dates first: on a phone's card they pair up two to a line.
  // Who follows it and the phone to call (decision 254) come before the rest; where it came
  // from (decision 260) last.
  list: [
    "service",
    "area",
    "budget",
    "created_at",
    "assignee_name",
    "phone",
    "email",
    "message",
    "source_channel",
  ],
  // Beside the navigation a 1280 px screen leaves the table about 1000 px: the message goes under
  // each lead's title; the area, the e-mail and the source wait for a wider screen (a phone's
  // cards, the lead's page and the Fuentes report show them); the Responsable and the phone, which
  // issue 37 asked for and staff call from, stay (decisions 256, 274).
  tableLayout: { summary: "message", wide: ["area", "email", "source_channel"] },
  // A lead's own page reads as the visitor wrote it, then the details of the request.
  detail: ["name", "email", "phone", "subject", "message", "handled", "created_at"],
  columns: {
    created_at: "Recibido",
    updated_at: "Modificado",
    status_changed_at: "Último cambio de estado",
    assignee_name: "Responsable",
    assignee_id: "ID del responsable",
    reference: "Referencia",
    confirmation_mail: confirmationTitle,
    ...details.titles,
    // Decision 179: a future date while the lead holds them, the erasure's date once erased.
    personal_data_until: "Datos personales hasta",
    // Where the lead came from (decision 260) and whose account it is in (decision 263).
    ...sourceLabels,
    user_id: "ID de la cuenta del cliente",
    erased_at: "Datos personales borrados el",
    won_amount: wonAmountLabel,
    follow_up_on: followUpLabels.on,
    follow_up_note: followUpLabels.note,
  },
  // Every column, and who follows the lead by name (details and exports show it).
  select: {
    ...shownColumns,
    assignee_name: sql<
      string | null
    >`(select ${users.name} from ${users} where ${users.id} = ${contacts.assignee_id})`,
    personal_data_until: personalDataUntil.as("personal_data_until"),
    // Where the visitor's confirmation stands (decision 180): the list's mark, the filter, the CSV.
    confirmation_mail: confirmationState,
    source_channel: channelOrNone,
  },
  // The quote request's codes, read by their labels (content/quote-fields.ts).
  choices: {
    ...details.choices,
    confirmation_mail: confirmationStates,
    source_channel: sourceChannels,
  },
  readOnly: ["name", "email", "phone", "subject", "message"],
  // The answers to the service's question as the mails say them («¿Qué cambia en la cocina?
  // Muebles, Encimera»), not as kept (decision 265); no edit form offers them.
  shownAs: {
    job_answers: ({ job_answers, service }) =>
      typeof job_answers === "string" && job_answers
        ? answersText(job_answers, typeof service === "string" ? service : undefined)
        : job_answers,
  },
  async toColumns(input) {
    return handledColumns(input);
  },
  // An erased lead has no name or subject left: it is named by its reference (or its id).
  recordTitle: (record) =>
    record.erased_at
      ? `Solicitud ${record.reference ?? `n.º ${record.id}`} (datos borrados)`
      : `${record.name} — ${record.subject}`,
  // The lead staff must phone: the address it gave does not take mail (decision 180).
  recordAlert: (record) =>
    record.confirmation_mail === "rechazado"
      ? "Confirmación rechazada: llama al cliente"
      : undefined,
  search: [
    contacts.reference,
    contacts.name,
    contacts.email,
    contacts.phone,
    contacts.subject,
    contacts.message,
  ],
  sortable: {
    name: contacts.name,
    email: contacts.email,
    subject: contacts.subject,
    // In pipeline order (content/lead-statuses.ts).
    status: sql`array_position(array[${sql.join(
      leadStatusValues.map((value) => sql`${value}`),
      sql`, `,
    )}]::text[], ${contacts.status})`,
    handled: contacts.handled,
    created_at: contacts.created_at,
    updated_at: contacts.updated_at,
    status_changed_at: contacts.status_changed_at,
    reference: contacts.reference,
    // The leads whose personal data go first (decision 179).
    personal_data_until: personalDataUntil,
    id: contacts.id,
  },
  orders: {
    // The inbox: leads in status «Nuevo» first, then the rest; each group by arrival, so the
    // one waiting longest is at the top (`dir=desc`: the latest at the top).
    inbox: {
      title: "Bandeja de entrada (primero los de estado «Nuevo», por fecha de llegada)",
      groups: [sql`(${contacts.status} <> 'nuevo')`],
      by: [contacts.created_at, contacts.id],
    },
  },
  filters: {
    status: { kind: "choice", title: "Estado", on: contacts.status, options: leadStatuses },
    service: {
      kind: "choice",
      title: quoteField("service").label,
      on: contacts.service,
      options: titled(quoteChoices.service),
    },
    area: {
      kind: "choice",
      title: quoteField("area").label,
      on: contacts.area,
      options: titled(quoteChoices.area),
    },
    handled: { kind: "boolean", title: "Atendido", on: contacts.handled },
    assignee: {
      kind: "reference",
      title: "Responsable",
      on: contacts.assignee_id,
      options: staffOptions,
    },
    created: { kind: "date", title: "Recibido", on: contacts.created_at },
    // The staff home's «presupuestos sin respuesta» and «ganados este mes» (decision 253).
    status_changed: {
      kind: "date",
      title: "Último cambio de estado",
      on: contacts.status_changed_at,
    },
    // Overdue follow-ups first of all (decision 255).
    follow_up: followUpFilter,
    // Decision 260: a lead from before, or from another API client, reads «Sin datos».
    source: {
      kind: "choice",
      title: sourceLabels.source_channel,
      on: channelOrNone,
      options: sourceChannels,
    },
    campaign: { kind: "text", title: "Campaña", on: contacts.utm_campaign },
    confirmation: {
      kind: "choice",
      title: confirmationTitle,
      on: confirmationState,
      options: confirmationStates,
      where: confirmationIn,
    },
  },
  status: {
    column: contacts.status,
    title: "Estado",
    options: leadStatuses,
    reason: { status: "perdido", column: contacts.lost_reason, title: "Motivo" },
    // What a won lead is worth (decision 253): asked when it is marked «Ganado», optional.
    amount: {
      status: "ganado",
      column: contacts.won_amount,
      field: decimal(wonAmountLabel, { min: 0, max: 9_999_999_999.99 }),
    },
    columnsFor: (status) => ({
      handled: status !== "nuevo",
      status_changed_at: new Date(),
      // The first quote's date, for the «Fuentes» report and the offline conversions (261).
      ...(status === "presupuesto_enviado" || status === "ganado"
        ? { quoted_at: sql`coalesce(${contacts.quoted_at}, now())` }
        : {}),
    }),
  },
  // The new assignee hears of it by mail, with a link to the lead (decision 254).
  assignee: {
    column: contacts.assignee_id,
    title: "Responsable",
    options: staffOptions,
    notify: mailAssignee,
  },
  notes: true,
  highlight: { title: "Nuevos", where: sql`${contacts.status} = 'nuevo'` },
  // 50 a page: at a few hundred leads, 12 (ARCHITECTURE's page, kept for the plain list and the
  // API's default) made staff page through 17 screens of the inbox (decision 169).
  landing: { status: "nuevo", sort: "inbox", per_page: "50" },
  // What the visitor attached (decision 131); deleting the lead deletes them (on delete cascade).
  async photos(db, id) {
    return db
      .select({
        id: leadPhotos.id,
        name: leadPhotos.name,
        width: leadPhotos.width,
        height: leadPhotos.height,
        size: sql<number>`octet_length(${leadPhotos.bytes})::integer`,
      })
      .from(leadPhotos)
      .where(eq(leadPhotos.contact_id, id))
      .orderBy(asc(leadPhotos.position));
  },
  // A lead deleted by hand, at its person's request or as spam, is erased whole: its notes and
  // the copies of its mails go with it (its photos by on delete cascade), and so do the files
  // those mails were written to (decision 188); the audit log keeps who deleted which lead and
  // when, not what it held (decision 179).
  erasure: true,
  // The visitor's confirmation, with its dates and the mail server's answer (decision 180).
  mails: leadMails,
  // Staff answer the lead by mail from its page, and the answer stays with it (decision 187).
  replies: { list: leadReplies, send: queueLeadReply },
  async beforeDelete(db, ids) {
    await deleteNotes(db, "contacts", ids);
    return deleteMailCopies(db, ids);
  },
});
