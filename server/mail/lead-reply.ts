import { company } from "../../content/company.ts";
import { OFFICE_TIME_ZONE } from "../../content/office-clock.ts";
import type { Env } from "../env.ts";
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

/** The staff member who writes a reply: the mail is signed with their name. */
export interface ReplyWriter {
  name: string;
  email: string;
}

/**
 * Where the visitor's answer to a reply goes (decision 257): the team's shared mailbox when
 * LEAD_REPLY_TO names one, else the writer's own address, so that it reaches a person, never the
 * sending mailbox, which is often a no-reply one.
 */
export const replyToOf = (env: Pick<Env, "LEAD_REPLY_TO">, writer: ReplyWriter): string =>
  env.LEAD_REPLY_TO ?? writer.email;

/**
 * A reply staff wrote on a lead's page (decisions 187, 257): their words under «Hola, <name>:»,
 * the request it answers by its reference and day, and the writer's name over the company's:
 * the visitor answers a person, not "el equipo", and their answer reaches one (`replyToOf`).
 */
export function leadReplyMail(
  lead: RepliedLead,
  reply: { subject: string; message: string },
  env: Pick<Env, "LEAD_REPLY_TO">,
  writer: ReplyWriter,
): MailMessage {
  const reference = lead.reference ?? `n.º ${lead.id}`;
  return renderMail({
    to: lead.email,
    replyTo: replyToOf(env, writer),
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
    signature: ["Un saludo,", bidiIsolated(writer.name), companyName()],
  });
}
