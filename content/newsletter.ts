/**
 * The newsletter's consent text, shown beside every subscribe form and stored with each
 * subscription as proof of consent (GDPR art. 7). Never edit a published version: add a new
 * one at the end, so that what a subscriber agreed to can always be shown word for word.
 */
export const consentVersions = {
  "2026-11-24":
    "Acepto recibir el boletín de Obra Mediterránea (ideas para tu reforma y obras terminadas, como mucho una vez al mes). Te enviaremos un correo para confirmarlo y podrás darte de baja en cualquier momento desde el enlace de cada correo.",
} as const;

export type ConsentVersion = keyof typeof consentVersions;

export const currentConsentVersion: ConsentVersion = "2026-11-24";

/** How long an unconfirmed subscription waits for its link to be opened before it is deleted. */
export const pendingDays = 7;
