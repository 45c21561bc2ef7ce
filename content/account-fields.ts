/**
 * The names of an account's fields, the same on the account screens, in the admin's user form
 * and in the API's 422 answers (issue 11: one label, one place). Only account and admin code
 * imports this file (vite.config.ts keeps it out of the public pages' chunk).
 */
export const accountLabels = {
  name: "Nombre",
  email: "Correo electrónico",
  password: "Contraseña",
  remember: "Recordarme",
} as const;

/**
 * What the server answers a sign-in with, and what the sign-in form compares against: any other
 * message (a recovery code's, saying how many are left) is worth a dialog.
 */
export const signedInMessage = "Has iniciado sesión correctamente.";

/** How a session's browser reads when its user agent told nothing (decision 221). */
export const unknownBrowser = "Navegador desconocido";

/**
 * The versions of what the sign-up checkbox accepts («He leído y acepto los términos y
 * condiciones y la política de privacidad»): the dates of the two texts it links to
 * (content/legal/terms.ts and privacy.ts, `updated`). Stored with each account as proof of what
 * its holder accepted (decision 167). Never edit one: when either text changes, add the next at
 * the end (content/account-fields.test.ts fails until then).
 */
export const termsVersions = [
  "términos 2026-11-21, privacidad 2026-11-25",
  "términos 2026-11-21, privacidad 2026-11-26",
  "términos 2026-11-21, privacidad 2026-11-27",
  "términos 2026-11-21, privacidad 2026-11-29",
] as const;

/** The version the sign-up form shows now. */
export const termsVersion = termsVersions[termsVersions.length - 1] as string;
