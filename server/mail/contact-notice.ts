import { company } from "../../content/company.ts";
import { leadPhotosLabel } from "../../content/lead-photos.ts";
import { contactLabels } from "../../content/quote-request.ts";
import type { Env } from "../env.ts";
import { quoteDetailLines } from "../leads/lead-details.ts";
import type { QuoteDetails } from "../leads/quote-details.ts";
import { bidiIsolated, companyName, renderMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

/** The stored contact message as the notice needs it (SPEC §3: email and phone are optional). */
export interface ContactNotice extends QuoteDetails {
  /** The stored message's id: the notice then links to its own page in the panel. */
  id?: number;
  /** OM-YYYY-NNNNN; messages stored before migration 0008 have one too. */
  reference?: string | null;
  name: string;
  email?: string | null;
  phone?: string | null;
  subject: string;
  message: string;
  /** The names of the photos stored with it (decision 131): listed, never attached. */
  photos?: readonly string[];
}

const subjectLimit = 120;

/**
 * Where the office hears of new messages: CONTACT_NOTIFY_TO, or else the address the site
 * publishes for contact (content/company.ts), a mailbox staff read. Never the sending mailbox,
 * which is often a no-reply one (docs/decisions/076-lead-notice-recipient.md).
 */
export const leadNoticeRecipient = (env: Pick<Env, "CONTACT_NOTIFY_TO">): string =>
  env.CONTACT_NOTIFY_TO ?? company.email;

/** Tells the office a visitor wrote through the contact form (`leadNoticeRecipient`). */
export function contactNoticeMail(
  contact: ContactNotice,
  env: Pick<Env, "APP_URL" | "CONTACT_NOTIFY_TO">,
): MailMessage {
  const subject =
    contact.subject.length > subjectLimit
      ? `${contact.subject.slice(0, subjectLimit - 1)}…`
      : contact.subject;
  return renderMail({
    to: leadNoticeRecipient(env),
    // Staff answer with their mail client's Reply: it goes to the visitor, not to the site.
    replyTo: contact.email || null,
    subject: `Nuevo mensaje de contacto${contact.reference ? ` ${contact.reference}` : ""}: ${subject}`,
    greeting: "Hola:",
    paragraphs: [
      `${bidiIsolated(contact.name)} ha escrito desde el formulario de contacto de la web. ${howToAnswer(contact)}`,
      ...(contact.photos?.length ? [photosSentence(contact.photos.length)] : []),
    ],
    details: [
      ...(contact.reference ? [{ label: "Referencia", value: contact.reference }] : []),
      { label: contactLabels.name, value: contact.name },
      { label: "Correo", value: contact.email || "No lo ha indicado" },
      { label: contactLabels.phone, value: contact.phone || "No lo ha indicado" },
      { label: contactLabels.subject, value: contact.subject },
      ...quoteDetailLines(contact),
      { label: contactLabels.message, value: contact.message },
      ...(contact.photos?.length
        ? [{ label: leadPhotosLabel, value: contact.photos.join("\n") }]
        : []),
    ],
    // Straight to the request (its photos are there); the inbox when it is not known.
    action: contact.id
      ? {
          label: "Ver la solicitud en el panel",
          url: `${env.APP_URL}/admin/contacts/detail/${contact.id}`,
        }
      : { label: "Ver los mensajes en el panel", url: `${env.APP_URL}/admin/contacts/index` },
    notes: ["Cuando le hayas respondido, márcalo como atendido en el panel."],
    signature: [`La web de ${companyName}`],
  });
}

/**
 * The photos stay on the site: a mailbox is no place for a visitor's home (they would be
 * copied to every device that reads it), and only staff signed in to the panel may open them.
 */
function photosSentence(count: number): string {
  return count === 1
    ? "Ha adjuntado 1 foto: puedes verla en el panel, en la ficha de esta solicitud (no va adjunta a este correo)."
    : `Ha adjuntado ${count} fotos: puedes verlas en el panel, en la ficha de esta solicitud (no van adjuntas a este correo).`;
}

function howToAnswer(contact: ContactNotice): string {
  if (contact.email && contact.phone)
    return `Puedes responderle en ${contact.email} o llamarle al ${contact.phone}.`;
  if (contact.email) return `Puedes responderle en ${contact.email}.`;
  if (contact.phone) return `Puedes llamarle al ${contact.phone}.`;
  return "No ha dejado correo ni teléfono.";
}
