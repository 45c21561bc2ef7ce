import { company } from "../../content/company.ts";
import { leadPhotosLabel, photosNotReceivedBefore } from "../../content/lead-photos.ts";
import { contactLabels, nextSteps } from "../../content/quote-request.ts";
import type { Env } from "../env.ts";
import { quoteDetailLines } from "../leads/lead-details.ts";
import type { LeadRequest } from "../leads/store-lead.ts";
import { bidiIsolated, renderMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

/**
 * Tells the visitor their request arrived (issue 12): its reference, what they sent, what
 * happens next and how to reach the company meanwhile. Only to an address they gave.
 */
export function leadConfirmationMail(
  lead: LeadRequest & { email: string },
  reference: string,
  env: Pick<Env, "APP_URL">,
  /** The names of the photos kept with it (decision 131): named, never attached. */
  photos: readonly string[] = [],
  /** Those the site had no room for (decision 174): the mail says how to send them. */
  notReceived: readonly string[] = [],
): MailMessage {
  const site = new URL(env.APP_URL);
  return renderMail({
    to: lead.email,
    // A reply lands in the office's mailbox, not in the sending one.
    replyTo: company.email,
    subject: `Hemos recibido tu solicitud ${reference}`,
    greeting: `Hola, ${bidiIsolated(lead.name)}:`,
    paragraphs: [
      [
        "Gracias por contar con nosotros. Tu solicitud ha quedado registrada con la referencia ",
        { whole: reference },
        "; menciónala si nos escribes o nos llamas.",
      ],
      ...(notReceived.length
        ? [[photosNotReceivedBefore(notReceived), { whole: reference }, "."]]
        : []),
      nextSteps,
    ],
    details: [
      { label: "Referencia", value: reference },
      { label: contactLabels.subject, value: lead.subject },
      ...quoteDetailLines(lead),
      { label: contactLabels.message, value: lead.message },
      ...(photos.length ? [{ label: leadPhotosLabel, value: photos }] : []),
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
