// A reply staff write to a lead from its page (decision 187): sent through the outbox to the
// lead's address, kept with the lead (`contact_id`, `kind` 'reply', `sent_by`), counted as the
// lead's activity (server/leads/retention.ts reads its mails), and a «Nuevo» lead becomes
// «Contactado».
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { replyLimits } from "../../content/lead-reply.ts";
import { serviceChoices } from "../../content/service-choices.ts";
import { recordAudit } from "../audit-log.ts";
import type { UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import { isRowId } from "../db/row-ids.ts";
import { contacts, mailOutbox, users } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { failValidation } from "../http-errors.ts";
import { type LeadMail, mailLine } from "../mail/lead-mails.ts";
import { leadReplyMail, replyToOf } from "../mail/lead-reply.ts";
import { queueMail } from "../mail/outbox.ts";
import { controlCharacterMessage, hasControlCharacter } from "../validation.ts";
import { type FilledTemplate, filledTemplates } from "./reply-templates.ts";

/** The section a lead's audit entries are filed under. */
const section = "contacts";

const typed = (title: string, limit: number, required: string) =>
  z
    .string({ error: `El campo «${title}» debe ser un texto.` })
    .refine((text) => text.trim() !== "", required)
    .refine(
      (text) => text.length <= limit,
      `El campo «${title}» no puede tener más de ${limit} caracteres.`,
    );

/** The body of POST /api/admin/contacts/reply: the lead, and what staff wrote. */
export const replyBody = z.object({
  id: z
    .number({ error: "Indica el «id» numérico del registro." })
    .int()
    .refine(isRowId, { message: "El «id» no corresponde a ningún registro." }),
  subject: typed("Asunto", replyLimits.subject, "Escribe el asunto del correo.")
    // A subject is one line: a line break would end the header.
    .refine((text) => !/[\r\n]/.test(text), "El asunto debe ocupar una sola línea.")
    .refine((text) => !hasControlCharacter(text), controlCharacterMessage("Asunto")),
  message: typed("Mensaje", replyLimits.message, "Escribe el mensaje.").refine(
    (text) => !hasControlCharacter(text),
    controlCharacterMessage("Mensaje"),
  ),
});

export type ReplyBody = z.infer<typeof replyBody>;

/** Why a lead cannot be written to from its page, or null when it can. */
function cannotReply(lead: Record<string, unknown>): string | null {
  if (lead.erased_at) {
    return "Los datos personales de esta solicitud se han borrado: ya no se le puede escribir.";
  }
  if (!lead.email) return "Esta solicitud no tiene dirección de correo: llama al cliente.";
  return null;
}

/**
 * Queues the reply, and in the same transaction moves a «Nuevo» lead to «Contactado» and writes
 * the audit entry (who, the mail's id and subject), so none of it stands without the others.
 * Answers the outbox row's id, or null when no such lead exists. The caller flushes the mailer.
 */
export async function queueLeadReply(
  db: Database,
  env: Pick<Env, "LEAD_REPLY_TO">,
  actor: UserView,
  reply: ReplyBody,
  recordTitle: string,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lead] = await tx.select().from(contacts).where(eq(contacts.id, reply.id)).for("update");
    if (!lead) return null;
    const refusal = cannotReply(lead);
    if (refusal) failValidation({ id: [refusal] });
    const message = leadReplyMail({ ...lead, email: lead.email as string }, reply, env, actor);
    const mailId = await queueMail(tx, {
      ...message,
      contactId: lead.id,
      kind: "reply",
      sentBy: actor.id,
      conversation: { message: reply.message, signer: actor.name },
    });
    const contacted = lead.status === "nuevo";
    // `updated_at` moves with any write (the row's $onUpdate): the lead's activity (decision 179).
    await tx
      .update(contacts)
      .set(
        contacted
          ? { status: "contactado", handled: true, status_changed_at: sql`now()` }
          : { updated_at: sql`now()` },
      )
      .where(eq(contacts.id, lead.id));
    await recordAudit(tx, actor, {
      action: "reply",
      resource: section,
      recordId: lead.id,
      recordTitle,
      ...(contacted
        ? {
            before: { status: "nuevo", handled: lead.handled },
            after: { status: "contactado", handled: true },
          }
        : {}),
      details: { mail_id: mailId, subject: message.subject },
    });
    return mailId;
  });
}

/**
 * A reply as the lead's page lists it (decision 257): its mail's state, the words staff wrote,
 * and the name it was signed with.
 */
export interface LeadReply extends LeadMail {
  id: number;
  subject: string;
  /** What staff wrote; for a reply from before migration 0048, the mail's whole text part. */
  message: string;
  sent_by_name: string | null;
}

/** What the reply form starts from: who it goes to, its first subject, where an answer goes. */
export interface ReplyDraft {
  to: string;
  subject: string;
  /** The mail's Reply-To for this staff member (decision 257): the form says it. */
  reply_to: string;
  /** The reply templates, filled in for this lead (decision 258). */
  templates: FilledTemplate[];
}

/**
 * What a lead's page offers `actor` and shows: the form's start, when the lead can be written to
 * (an address, not erased), and the replies sent, the latest first.
 */
export async function leadReplies(
  db: Database,
  lead: Record<string, unknown> & { id: number },
  { env, actor }: { env: Pick<Env, "LEAD_REPLY_TO">; actor: UserView },
): Promise<{ draft: ReplyDraft | null; sent: LeadReply[] }> {
  const rows = await db
    .select({
      id: mailOutbox.id,
      subject: mailOutbox.subject,
      message: sql<string>`coalesce(${mailOutbox.message}, ${mailOutbox.text})`,
      // The name the mail was signed with, which outlives the account.
      sent_by_name: sql<string | null>`coalesce(${mailOutbox.signer}, ${users.name})`,
      ...mailLine.columns,
    })
    .from(mailOutbox)
    .leftJoin(users, eq(users.id, mailOutbox.sent_by))
    .where(and(eq(mailOutbox.contact_id, lead.id), eq(mailOutbox.kind, "reply")))
    .orderBy(desc(mailOutbox.id));
  const refusal = cannotReply(lead);
  const about =
    (typeof lead.subject === "string" && lead.subject.trim()) ||
    serviceChoices.find((choice) => choice.value === lead.service)?.label ||
    "Tu solicitud de presupuesto";
  return {
    draft: refusal
      ? null
      : {
          to: lead.email as string,
          subject: `Re: ${about}`.slice(0, replyLimits.subject),
          reply_to: replyToOf(env, actor),
          templates: await filledTemplates(db, {
            nombre: String(lead.name ?? ""),
            referencia: String(lead.reference ?? `n.º ${lead.id}`),
          }),
        },
    sent: rows.map(({ id, subject, message, sent_by_name, ...row }) => ({
      id,
      subject,
      message,
      sent_by_name,
      ...mailLine.of(row, { field: "reply", title: subject }),
    })),
  };
}
