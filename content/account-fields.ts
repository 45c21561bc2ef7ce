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
