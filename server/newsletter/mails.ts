import { company } from "../../content/company.ts";
import { pendingDays } from "../../content/newsletter.ts";
import { companyName, renderMail } from "../mail/layout.ts";
import type { MailHeaders, MailMessage } from "../mail/mailer.ts";

/** Double opt-in: nothing is sent to the address until this link is opened. */
export function newsletterConfirmationMail(to: string, link: string): MailMessage {
  return renderMail({
    to,
    subject: `Confirma tu suscripción al boletín de ${companyName()}`,
    greeting: "Hola:",
    paragraphs: [
      `Alguien, seguramente tú, ha pedido recibir el boletín de ${companyName()} en esta dirección: ideas para tu reforma y obras terminadas, como mucho una vez al mes.`,
      "Para empezar a recibirlo, confirma la suscripción aquí abajo. Hasta entonces no te enviaremos nada más.",
    ],
    action: { label: "Confirmar mi suscripción", url: link },
    notes: [
      `El enlace caduca en ${pendingDays} días.`,
      "Si no lo has pedido tú, ignora este mensaje: sin confirmación no recibirás ningún correo y borraremos tu dirección.",
    ],
  });
}

export interface UnsubscribeLinks {
  /** The Spanish page with its one button. */
  page: string;
  /** RFC 8058's POST target, for the List-Unsubscribe header. */
  oneClick: string;
}

/**
 * Every mail sent to a subscriber says how to leave: a visible link, and the headers with which
 * Gmail, Yahoo and others offer their own one-click button (RFC 2369, RFC 8058).
 */
export function unsubscribeHeaders(links: UnsubscribeLinks): MailHeaders {
  return {
    "List-Unsubscribe": `<${links.oneClick}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** Sent once the subscription is confirmed: what to expect, and the way out. */
export function newsletterWelcomeMail(to: string, links: UnsubscribeLinks): MailMessage {
  return {
    ...renderMail({
      to,
      subject: `Ya recibes el boletín de ${companyName()}`,
      greeting: "Hola:",
      paragraphs: [
        "Tu suscripción está confirmada. Te escribiremos como mucho una vez al mes con ideas para tu reforma y las obras que vamos terminando.",
      ],
      notes: ["Si cambias de idea, al pie de cada correo tienes un enlace para darte de baja."],
      unsubscribe: links.page,
      replyTo: company.email,
    }),
    headers: unsubscribeHeaders(links),
  };
}
