import { eq, sql } from "drizzle-orm";
import { accountLabels } from "../../content/account-fields.ts";
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

// The account forms' fields by their Spanish labels, for the 422 answers' `field_titles`.
nameFields({
  name: accountFields.name.title,
  email: accountFields.email.title,
  password: accountLabels.password,
  password_confirmation: "Confirmación de contraseña",
  token: "Enlace",
  remember: accountLabels.remember,
});

export const duplicateEmailMessage = "Ya existe una cuenta con este correo electrónico.";

/** The account of an address, in any letter case (the unique index is on lower(email)). */
export function findUserByEmail(db: Database, address: string) {
  return db.query.users.findFirst({ where: eq(sql`lower(${users.email})`, address.toLowerCase()) });
}
