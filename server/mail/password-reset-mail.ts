import { bidiIsolated, companyName, renderMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

/** Sent on "forgot password" when the account exists. */
export function passwordResetMail(
  user: { name: string; email: string },
  link: string,
): MailMessage {
  return renderMail({
    to: user.email,
    subject: `Cambia tu contraseña de ${companyName()}`,
    greeting: `Hola, ${bidiIsolated(user.name)}:`,
    paragraphs: [
      "Nos has pedido cambiar la contraseña de tu cuenta. Elige una nueva desde este enlace:",
    ],
    action: { label: "Elegir una contraseña nueva", url: link },
    notes: [
      "El enlace caduca en 60 minutos y sirve una sola vez. Al cambiar la contraseña, cerraremos la sesión en todos tus dispositivos.",
      "Si no lo has pedido tú, ignora este correo: tu contraseña actual sigue funcionando.",
    ],
  });
}
