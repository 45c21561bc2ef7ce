// What a staff member is told about their own account's security (decisions 220, 221): a
// sign-in from a browser never seen before, and their second factor turned on, off or reset.
// Each says what happened, when and from where, and what to do if it was not them.
import { officeDateTime } from "../../content/office-clock.ts";
import { bidiIsolated, companyName, renderMail } from "./layout.ts";
import type { MailMessage } from "./mailer.ts";

interface Holder {
  name: string;
  email: string;
}

/** The account screen where sessions are listed and closed. */
export const securityScreenPath = "/admin/seguridad";

const notYou =
  "Si no has sido tú, cambia tu contraseña ya desde «¿Olvidaste tu contraseña?» en la pantalla de inicio de sesión (eso cierra todas tus sesiones) y avisa a un super administrador.";

/** A sign-in from a browser this staff member had not used before. */
export function newBrowserMail(
  user: Holder,
  sign: { at: Date; browser: string; address: string; appUrl: string },
): MailMessage {
  return renderMail({
    to: user.email,
    subject: `Nuevo inicio de sesión en tu cuenta de ${companyName()}`,
    greeting: `Hola, ${bidiIsolated(user.name)}:`,
    paragraphs: [
      "Se ha iniciado sesión en tu cuenta desde un navegador que no habías usado antes con ella.",
    ],
    details: [
      { label: "Cuándo", value: officeDateTime.format(sign.at) },
      { label: "Navegador", value: sign.browser },
      { label: "Dirección IP", value: sign.address },
    ],
    action: { label: "Ver tus sesiones abiertas", url: `${sign.appUrl}${securityScreenPath}` },
    notes: ["Si has sido tú, no tienes que hacer nada.", notYou],
  });
}

export type SecondFactorChange = "enrolled" | "removed" | "reset" | "codes";

const changeTexts: Record<SecondFactorChange, { subject: string; paragraph: string }> = {
  enrolled: {
    subject: "Has activado la verificación en dos pasos",
    paragraph:
      "Tu cuenta pide ahora, además de la contraseña, un código de tu aplicación de autenticación. Guarda tus códigos de recuperación en un lugar seguro: cada uno sirve una vez si pierdes el móvil.",
  },
  removed: {
    subject: "Has desactivado la verificación en dos pasos",
    paragraph:
      "Tu cuenta ya no pide un código además de la contraseña, y tus códigos de recuperación han dejado de servir.",
  },
  reset: {
    subject: "Se ha restablecido tu verificación en dos pasos",
    paragraph:
      "Desde el servidor se ha quitado la verificación en dos pasos de tu cuenta, como se hace cuando se pierde el móvil, y se han cerrado todas tus sesiones. La próxima vez que entres podrás configurarla de nuevo.",
  },
  codes: {
    subject: "Tienes códigos de recuperación nuevos",
    paragraph:
      "Has creado diez códigos de recuperación nuevos para tu cuenta; los anteriores han dejado de servir.",
  },
};

/** The second factor turned on, off, reset by the operator, or new recovery codes made. */
export function secondFactorChangedMail(
  user: Holder,
  change: SecondFactorChange,
  when: Date,
): MailMessage {
  const text = changeTexts[change];
  return renderMail({
    to: user.email,
    subject: `${text.subject} en ${companyName()}`,
    greeting: `Hola, ${bidiIsolated(user.name)}:`,
    paragraphs: [text.paragraph],
    details: [{ label: "Cuándo", value: officeDateTime.format(when) }],
    notes: [notYou],
  });
}
