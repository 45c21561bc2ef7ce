import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { accountLabels, termsVersion, termsVersions } from "../../content/account-fields.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { email, text } from "../fields.ts";
import { nameFields } from "../http-errors.ts";

/**
 * An account's name and e-mail, with the same rules and the same Spanish messages wherever an
 * account is made or named: sign-up, sign-in, password reset, the admin form and
 * `npm run user:create` (issue 11). E-mails are trimmed and lower-cased, so "Ana@Example.com "
 * and "ana@example.com" are one account.
 */
export const accountFields = {
  name: text(accountLabels.name, { required: true, max: 100, personName: true }),
  email: email(accountLabels.email, { required: true }),
};

const termsTitle = "Términos y condiciones";

// The account forms' fields by their Spanish labels, for the 422 answers' `field_titles`.
nameFields({
  name: accountFields.name.title,
  email: accountFields.email.title,
  password: accountLabels.password,
  password_confirmation: "Confirmación de contraseña",
  token: "Enlace",
  remember: accountLabels.remember,
  terms: termsTitle,
});

/**
 * The sign-up's accepted-terms checkbox (SPEC §3), as the register screen sends it: `terms`
 * true and the version it showed (`terms_version`). Left out, the account is made as SPEC §7's
 * body makes it, with no acceptance recorded; false is refused, as the form refuses an
 * unticked box (decision 167).
 */
export const termsFields = {
  terms: z
    .boolean({ error: `Indica sí o no en «${termsTitle}».` })
    .optional()
    .refine((accepted) => accepted !== false, {
      message:
        "Para crear la cuenta tienes que aceptar los términos y condiciones y la política de privacidad.",
    }),
  // A version the site never showed is recorded as the current one, as the newsletter's
  // consent is (decision 101); one that is not even a short text is left out the same way.
  terms_version: z
    .string()
    .max(100)
    .optional()
    .catch(undefined)
    .transform((sent) =>
      sent !== undefined && (termsVersions as readonly string[]).includes(sent)
        ? sent
        : termsVersion,
    ),
};

export const duplicateEmailMessage = "Ya existe una cuenta con este correo electrónico.";

/** The account of an address, in any letter case (the unique index is on lower(email)). */
export function findUserByEmail(db: Database, address: string) {
  return db.query.users.findFirst({ where: eq(sql`lower(${users.email})`, address.toLowerCase()) });
}
