import { type CompanyFacts, defaultCompanyFacts } from "../../content/company.ts";
import { leadPhotosLabel, photosNotReceivedBefore } from "../../content/lead-photos.ts";
import { quoteDetailLines } from "../../content/quote-details.ts";
import type { QuoteDetails } from "../../content/quote-fields.ts";
import { nextSteps } from "../../content/quote-request.ts";
import type { Env } from "../env.ts";
import { renderMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

/**
 * Confirmations one mailbox is sent in a day (decision 205): a visitor who sends a second request
 * the same day gets its confirmation too; someone naming another person's address in the form
 * gets them no more than this.
 */
export const confirmationLimit = { perMailbox: 3, windowMs: 24 * 60 * 60_000 };

/**
 * The mailbox an address reaches, as the confirmation limit counts it: letter case and a
 * "+tag" (`ana+1@…`, delivered to `ana@…` by most providers) make no other mailbox.
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf("@");
  const local = address.slice(0, at).split("+")[0] || address.slice(0, at);
  return `${local}@${address.slice(at + 1)}`.toLowerCase();
}

/**
 * Tells the visitor their request arrived (issue 12): its reference, the choices they made, what
 * happens next and how to reach the company meanwhile. Only to an address they gave, which
 * nobody has proven to be theirs: the mail carries nothing the sender wrote in their own words
 * (name, subject, message, the photos' file names), so the form cannot make the company's
 * domain deliver someone's text to a third person (decision 205). The lists' choices, the
 * postcode and the surface are the site's own words or digits checked by the form.
 */
export function leadConfirmationMail(
  lead: QuoteDetails & { email: string },
  reference: string,
  env: Pick<Env, "APP_URL">,
  /** How many photos were kept with it (decision 131): counted, never named nor attached. */
  photos = 0,
  /** How many the site had no room for (decision 174): the mail says how to send them. */
  notReceived = 0,
  /** The company's facts as staff published them (the admin's «Empresa», decision 245). */
  company: CompanyFacts = defaultCompanyFacts,
): MailMessage {
  const site = new URL(env.APP_URL);
  return renderMail({
    to: lead.email,
    // A reply lands in the office's mailbox, not in the sending one.
    replyTo: company.email,
    subject: `Hemos recibido tu solicitud ${reference}`,
    greeting: "Hola:",
    paragraphs: [
      [
        "Gracias por contar con nosotros. Tu solicitud ha quedado registrada con la referencia ",
        { whole: reference },
        "; menciónala si nos escribes o nos llamas.",
      ],
      ...(notReceived ? [[photosNotReceivedBefore(notReceived), { whole: reference }, "."]] : []),
      nextSteps,
    ],
    details: [
      { label: "Referencia", value: reference },
      ...quoteDetailLines(lead),
      ...(photos ? [{ label: leadPhotosLabel, value: String(photos) }] : []),
    ],
    notes: [
      [
        "Si necesitas algo antes, llámanos al ",
        { text: company.phone, href: company.phoneHref },
        " o escríbenos a ",
        {
          text: company.email,
          href: `mailto:${company.email}?subject=${encodeURIComponent(`Mi solicitud ${reference}`)}`,
        },
        ". Puedes ver nuestros servicios en ",
        { text: site.host.replace(/^www\./, ""), href: `${site.origin}/` },
        ".",
      ],
      "Si no has sido tú quien ha enviado esta solicitud, puedes ignorar este correo.",
    ],
  });
}
