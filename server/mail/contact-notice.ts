import { company } from "../../content/company.ts";
import { leadPhotosLabel } from "../../content/lead-photos.ts";
import { contactLabels } from "../../content/quote-request.ts";
import type { Env } from "../env.ts";
import { quoteDetailLines } from "../leads/lead-details.ts";
import type { QuoteDetails } from "../leads/quote-details.ts";
import { bidiIsolated, companyName, type MailLink, type MailText, renderMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";
import { telHref, whatsAppHref } from "./phone-links.ts";

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
  const links = contactLinks(contact);
  return renderMail({
    to: leadNoticeRecipient(env),
    // Staff answer with their mail client's Reply: it goes to the visitor, not to the site.
    replyTo: contact.email || null,
    subject: `Nuevo mensaje de contacto${contact.reference ? ` ${contact.reference}` : ""}: ${subject}`,
    greeting: "Hola:",
    paragraphs: [
      [
        `${bidiIsolated(contact.name)} ha escrito desde el formulario de contacto de la web. `,
        ...howToAnswer(contact, links),
      ],
      ...(contact.photos?.length ? [photosSentence(contact.photos.length)] : []),
    ],
    details: [
      ...(contact.reference ? [{ label: "Referencia", value: contact.reference }] : []),
      { label: contactLabels.name, value: contact.name },
      contact.email
        ? { label: "Correo", value: contact.email, href: links.email?.href }
        : { label: "Correo", value: "No lo ha indicado" },
      contact.phone
        ? {
            label: contactLabels.phone,
            value: contact.phone,
            href: links.phone?.href,
            links: links.whatsApp ? [links.whatsApp] : [],
          }
        : { label: contactLabels.phone, value: "No lo ha indicado" },
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

/** The visitor's address and phone as links staff tap to write, call or open WhatsApp. */
interface ContactLinks {
  email?: MailLink;
  phone?: MailLink;
  whatsApp?: MailLink;
}

function contactLinks(contact: ContactNotice): ContactLinks {
  const chosen = contact.contact_channel === "whatsapp";
  const whatsApp = contact.phone ? whatsAppHref(contact.phone, { chosen }) : undefined;
  return {
    ...(contact.email
      ? {
          email: {
            text: contact.email,
            // A mail written from here reads well to the visitor: the request it answers.
            href: `mailto:${encodeURIComponent(contact.email).replaceAll("%40", "@")}?subject=${encodeURIComponent(answerSubject(contact))}`,
          },
        }
      : {}),
    ...(contact.phone ? { phone: { text: contact.phone, href: telHref(contact.phone) } } : {}),
    ...(whatsApp ? { whatsApp: { text: "WhatsApp", href: whatsApp } } : {}),
  };
}

/** The subject of a mail staff write to the visitor from the notice's address. */
const answerSubject = (contact: ContactNotice): string =>
  `Tu solicitud de presupuesto${contact.reference ? ` ${contact.reference}` : ""}`;

function howToAnswer(contact: ContactNotice, links: ContactLinks): MailText {
  const { email, phone, whatsApp } = links;
  const chosen = contact.contact_channel === "whatsapp";
  const byWhatsApp: (string | MailLink)[] = whatsApp
    ? chosen
      ? [" Ha pedido que le contactes por ", whatsApp, "."]
      : [" También puedes escribirle por ", whatsApp, "."]
    : chosen && phone
      ? [" Ha pedido que le contactes por WhatsApp."]
      : [];
  if (email && phone)
    return ["Puedes responderle en ", email, " o llamarle al ", phone, ".", ...byWhatsApp];
  if (email) return ["Puedes responderle en ", email, "."];
  if (phone) return ["Puedes llamarle al ", phone, ".", ...byWhatsApp];
  return ["No ha dejado correo ni teléfono."];
}
