// Where the mails to a record's person stand (decision 180): a lead's confirmation sent, waiting
// for its next try, or refused for good by the visitor's mail server, the lead staff must phone.
import { dateOf, formatMoment, type RecordMail } from "~/admin/lib/records";

/** "hoy a las 10:42", "el 25 de noviembre de 2026, 18:03"; "" for a missing date. */
const moment = (iso: string | null) => {
  const date = dateOf(iso);
  return date ? ` ${formatMoment(date)}` : "";
};

const tries = (n: number) => (n === 1 ? "1 intento fallido" : `${n} intentos fallidos`);

/** What staff read of a mail: its state, then why, in one sentence. */
export function sentence(mail: RecordMail): string {
  switch (mail.state) {
    case "enviado":
      return `Enviado${moment(mail.sent_at)}.`;
    case "rechazado":
      return `Rechazado${moment(mail.failed_at)}: el servidor de correo del cliente no lo acepta y no se volverá a intentar; puede que la dirección esté mal escrita. Llama al cliente.`;
    case "sin_correo":
      return "No enviado: no dejó dirección de correo.";
    // Its mailbox had had its day's confirmations (decision 205): who named it may not own it.
    case "retenido":
      return "No enviado: esta dirección ya había recibido el máximo de confirmaciones en 24 horas, para que nadie use el formulario para escribir a otros. Si la solicitud es real, respóndele desde aquí o llámale.";
    default:
      return mail.attempts > 0 && mail.next_attempt_at
        ? `Pendiente de envío: reintento${moment(mail.next_attempt_at)} (${tries(mail.attempts)}).`
        : "Pendiente de envío.";
  }
}

/** Why a mail waits or was refused, when known: whose mail server stood in the way. */
export function reason(mail: RecordMail): string | undefined {
  if (mail.server_failure) {
    return "Nuestro servidor de correo no responde: la dirección del cliente no tiene la culpa.";
  }
  return mail.reply ? `Respuesta del servidor del cliente: ${mail.reply}` : undefined;
}

export function RecordMails({ mails }: { mails: RecordMail[] }) {
  if (!mails.length) return null;
  return (
    <dl className="mt-4 space-y-2 text-sm">
      {mails.map((mail) => {
        const refused = mail.state === "rechazado";
        const why = reason(mail);
        return (
          <div
            key={mail.field}
            className={
              refused ? "rounded-lg border border-terracotta-dark/40 bg-terracotta/5 px-3 py-2" : ""
            }
          >
            <dt className="inline font-medium text-ink">{mail.title}: </dt>
            <dd className={`inline ${refused ? "font-medium text-terracotta-dark" : "text-ink"}`}>
              {sentence(mail)}
              {why ? <span className="block font-normal text-ink-soft">{why}</span> : null}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
