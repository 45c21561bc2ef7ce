import { bidiIsolated, companyName, renderMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

/** Sent on registration and on "resend": the link proves the address belongs to the user. */
export function verificationMail(user: { name: string; email: string }, link: string): MailMessage {
  return renderMail({
    to: user.email,
    subject: `Confirma tu correo electrónico en ${companyName()}`,
    greeting: `Hola, ${bidiIsolated(user.name)}:`,
    paragraphs: [
      `Gracias por crear tu cuenta en ${companyName()}. Solo falta un paso: confirma que este correo es tuyo para entrar en tu panel.`,
    ],
    action: { label: "Confirmar mi correo", url: link },
    notes: [
      "El enlace caduca en 60 minutos. Si ha caducado, entra en tu panel y pide uno nuevo.",
      "Si no has creado tú esta cuenta, ignora este mensaje.",
    ],
  });
}
