import { company } from "../../content/company.ts";
import {
  leadPhotosLabel,
  photosNotReceivedForStaff,
  photosNotReceivedLabel,
} from "../../content/lead-photos.ts";
import { leadStatusTitle } from "../../content/lead-statuses.ts";
import { quoteChoices, quoteDetailLines } from "../../content/quote-details.ts";
import type { QuoteDetails } from "../../content/quote-fields.ts";
import { choiceLabel, contactLabels } from "../../content/quote-request.ts";
import type { Env } from "../env.ts";
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
  /** The names of those the site had no room for; the visitor was asked to send them (174). */
  photosNotReceived?: readonly string[];
}

/** The subject's length at most (the visitor's own subject is cut to fit; decision 165). */
const subjectLimit = 150;
/** A name longer than this is cut in the subject: the rest of it reads as well without. */
const nameLimit = 40;

const shortened = (text: string, limit: number) =>
  text.length > limit ? `${text.slice(0, limit - 1).trimEnd()}…` : text;

/** Words compared as a reader does: no case, no accents. */
const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * "Solicitud de presupuesto OM-2026-00012 · Reforma de baños · Núria Vidal · Baño con ducha":
 * staff's inbox shows the request, the service and who, and a Reply from the notice, which the
 * visitor reads as "Re: …", names their request, not the site's internals. The visitor's own
 * subject comes last, cut to fit (the fault bench finds each notice by the end of its subject).
 * The form starts that subject with the service's name: a subject that names the service already
 * says it, and the service is not named twice.
 */
function noticeSubject(contact: ContactNotice): string {
  const service = contact.service ? choiceLabel(quoteChoices.service, contact.service) : "";
  const named = service !== "" && plain(contact.subject).includes(plain(service));
  const head = [
    `Solicitud de presupuesto${contact.reference ? ` ${contact.reference}` : ""}`,
    ...(service && !named ? [service] : []),
    shortened(contact.name, nameLimit),
  ].join(" · ");
  return `${head} · ${shortened(contact.subject, Math.max(subjectLimit - head.length - 3, 40))}`;
}

/** The status a reply from the panel moves a new lead to (server/leads/reply.ts). */
const contacted = leadStatusTitle("contactado");

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
  const links = contactLinks(contact);
  return renderMail({
    to: leadNoticeRecipient(env),
    // Staff answer with their mail client's Reply: it goes to the visitor, not to the site.
    // Without the visitor's address no Reply-To would be true (the office's own address would
    // have staff write to themselves): the notice says so first.
    replyTo: contact.email || null,
    subject: noticeSubject(contact),
    ...(contact.phone && !contact.email ? { first: onlyAPhone(links) } : {}),
    greeting: "Hola:",
    paragraphs: [
      [
        `${bidiIsolated(contact.name)} ha escrito desde el formulario de contacto de la web. `,
        ...howToAnswer(contact, links),
      ],
      ...(contact.photos?.length ? [photosSentence(contact.photos.length)] : []),
      ...(contact.photosNotReceived?.length
        ? [photosNotReceivedForStaff(contact.photosNotReceived.length)]
        : []),
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
      ...(contact.photos?.length ? [{ label: leadPhotosLabel, value: contact.photos }] : []),
      ...(contact.photosNotReceived?.length
        ? [{ label: photosNotReceivedLabel, value: contact.photosNotReceived }]
        : []),
    ],
    // Straight to the request (its photos are there); the inbox when it is not known.
    action: contact.id
      ? {
          label: "Ver la solicitud en el panel",
          url: `${env.APP_URL}/admin/contacts/detail/${contact.id}`,
        }
      : { label: "Ver los mensajes en el panel", url: `${env.APP_URL}/admin/contacts/index` },
    // Staff change a lead's status in the panel; a reply written there changes it by itself.
    notes: [
      `Si le respondes desde el panel, la solicitud pasa a «${contacted}»; si le llamas o le escribes desde tu correo, cambia su estado en el panel.`,
    ],
    signature: [`La web de ${companyName()}`],
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

/** What staff must know before they press Reply on the notice of a visitor without e-mail. */
function onlyAPhone({ phone, whatsApp }: ContactLinks): MailText {
  const call: (string | MailLink)[] = phone ? ["Llámale al ", phone] : [];
  return [
    "Solo ha dejado un teléfono: si respondes a este correo, no le llegará. ",
    ...call,
    ...(whatsApp ? [" o escríbele por ", whatsApp] : []),
    ".",
  ];
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
