import { company } from "../../content/company.ts";
import { OFFICE_TIME_ZONE } from "../../content/office-clock.ts";
import type { Env } from "../env.ts";
import { leadNoticeRecipient } from "./contact-notice.ts";
import { bidiIsolated, companyName, renderMail, typedText } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

/** The lead a reply answers, as its row holds it. */
export interface RepliedLead {
  id: number;
  reference: string | null;
  name: string;
  email: string;
  created_at: Date;
}

/** "25 de noviembre de 2026", on the office's calendar. */
const dayOf = (date: Date) =>
  new Intl.DateTimeFormat("es-ES", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: OFFICE_TIME_ZONE,
  }).format(date);

/**
 * A reply staff wrote on a lead's page (decision 187): their words under «Hola, <name>:», the
 * request it answers by its reference and day, and the writer's name over the company's: the
 * visitor answers a person, not "el equipo". The visitor's Reply goes
 * to the mailbox where the office reads its leads (the notice's recipient), not to the sending
 * one, which is often a no-reply mailbox.
 */
export function leadReplyMail(
  lead: RepliedLead,
  reply: { subject: string; message: string },
  env: Pick<Env, "CONTACT_NOTIFY_TO">,
  /** The staff member who wrote it. */
  writer: { name: string },
): MailMessage {
  const reference = lead.reference ?? `n.º ${lead.id}`;
  return renderMail({
    to: lead.email,
    replyTo: leadNoticeRecipient(env),
    subject: reply.subject,
    greeting: `Hola, ${bidiIsolated(lead.name)}:`,
    paragraphs: [],
    rendered: typedText(reply.message),
    notes: [
      [
        "Te respondemos a tu solicitud ",
        { whole: reference },
        ` del ${dayOf(lead.created_at)}. Para contestarnos, responde a este correo o llámanos al `,
        { text: company.phone, href: company.phoneHref },
        ".",
      ],
    ],
    signature: ["Un saludo,", bidiIsolated(writer.name), companyName],
  });
}
