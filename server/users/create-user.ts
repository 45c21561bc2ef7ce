import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { hashPassword, passwordSchema } from "../auth/passwords.ts";
import type { Database } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { roles, users } from "../db/schema.ts";
import type { FieldErrors } from "../http-errors.ts";
import { fieldErrors } from "../validation.ts";
import { accountFields, duplicateEmailMessage } from "./account-fields.ts";

/** SPEC §6: the roles a user can be given. */
export const roleNames = ["super_admin", "admin", "guest_user"] as const;

export interface NewUser {
  name: string;
  email: string;
  password: string;
  /** A role's name (super_admin, admin, guest_user) or its id (the admin form's selector). */
  role: string | number;
  /** Made by staff or by the operator: the address is taken as verified. */
  verified: boolean;
  /**
   * The version of the terms its holder accepted at sign-up, recorded with the moment; staff
   * and the operator never accept for someone else, so their accounts have none.
   */
  termsVersion?: string;
}

export interface CreatedUser {
  id: number;
  name: string;
  email: string;
  role: string;
}

/** Bad input, keyed by field like a 422's errors, with Spanish messages. */
export class UserInputError extends Error {
  constructor(readonly errors: FieldErrors) {
    super(Object.values(errors).flat().join(" "));
    this.name = "UserInputError";
  }
}

const NewUserSchema = z.object({
  name: accountFields.name.input,
  email: accountFields.email.input,
  password: passwordSchema,
});

/**
 * The one way an account is made: sign-up, the admin form, the running server's control socket
 * and `npm run user:create` all come here, so they share every rule (the password policy,
 * unique e-mail in any letter case, argon2id hash) and every Spanish message. The unique index
 * on lower(email) settles two sign-ups racing with one address: the loser gets the same
 * refusal as a late comer.
 */
export async function createUser(db: Database, input: NewUser): Promise<CreatedUser> {
  const parsed = NewUserSchema.safeParse(input);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  const [role] = await db
    .select({ id: roles.id, name: roles.name })
    .from(roles)
    .where(
      typeof input.role === "number"
        ? eq(roles.id, input.role)
        : eq(roles.name, String(input.role)),
    )
    .limit(1);
  if (!role) errors.role = [`El rol no existe. Usa uno de estos: ${roleNames.join(", ")}.`];
  if (!parsed.success || !role) throw new UserInputError(errors);

  try {
    const [row] = await db
      .insert(users)
      .values({
        name: parsed.data.name,
        email: parsed.data.email,
        password_hash: await hashPassword(parsed.data.password),
        role_id: role.id,
        email_verified_at: input.verified ? new Date() : null,
        ...(input.termsVersion === undefined
          ? {}
          : { terms_accepted_at: sql`now()`, terms_version: input.termsVersion }),
      })
      .returning({ id: users.id, name: users.name, email: users.email });
    if (!row) throw new Error("user insert returned no row");
    return { ...row, role: role.name };
  } catch (error) {
    if (isUniqueViolation(error)) throw new UserInputError({ email: [duplicateEmailMessage] });
    throw error;
  }
}
