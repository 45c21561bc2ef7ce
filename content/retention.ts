/**
 * How long the site keeps what it stores about people, besides the newsletter's periods
 * (content/newsletter.ts): the privacy policy prints these figures, and the server's hourly
 * retention sweep (server/retention.ts) and the admin's «Datos personales hasta» compute from
 * them, so a change here applies to both (decision 179).
 */
export const leadRetention = {
  /**
   * A lead not won: a year after its last activity, as the policy always promised ("un año desde
   * nuestra última comunicación si no llegamos a contratar").
   */
  notWonYears: 1,
  /**
   * A won lead is business correspondence: the Código de Comercio (art. 30) keeps it six years;
   * tax law asks four (Ley General Tributaria art. 66). Counted from its last activity, which
   * staff move with every step and note while the work lasts.
   */
  wonYears: 6,
} as const;

/**
 * Copies of the mails the site sent that belong to no lead and no subscription (an account's
 * verification and password-reset mails): enough to answer "did you send me the link?" after
 * a holiday; their links expired after 60 minutes.
 */
export const mailCopyDays = 30;

/**
 * The admin's audit log: who changed or deleted what, and when. Its main use is to show the
 * AEPD how a request or a complaint was handled, and the AEPD's longest period for a sanction is
 * 3 years (LOPDGDD art. 72), the same as the newsletter's blocked proofs (decision 168).
 */
export const auditYears = 3;

/** "un año", "seis años": a period as the policy writes it. */
export function yearsInWords(years: number): string {
  const words = ["", "un año", "dos años", "tres años", "cuatro años", "cinco años", "seis años"];
  return words[years] || `${years} años`;
}
