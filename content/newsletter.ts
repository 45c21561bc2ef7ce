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

/**
 * How long the proof of a consent that ended (an unsubscribe, an erasure) is kept blocked before
 * it is deleted, and an unsubscribed address with it (decision 168): as long as a mail sent under
 * it can still lead to a sanction. Processing without a lawful basis or without a valid consent
 * lapses at 3 years (LOPDGDD art. 72.1 b and c); unsolicited commercial mail under the LSSI-CE at
 * 2 (art. 45).
 */
export const blockedConsentYears = 3;
