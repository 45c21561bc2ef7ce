import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { hashPassword, passwordSchema } from "../../auth/passwords.ts";
import type { Database } from "../../db/client.ts";
import { accessTokens, roles, users } from "../../db/schema.ts";
import { failValidation } from "../../http-errors.ts";
import { createUser, duplicateEmailMessage, UserInputError } from "../../users/create-user.ts";
import { checkbox, email, selector, text, withInput } from "../fields.ts";
import { defineResource } from "../resource.ts";

const roleOptions = (db: Database) =>
  db.select({ id: roles.id, title: roles.label }).from(roles).orderBy(roles.id);

/** On update an empty password keeps the current one; anything else must meet the policy. */
const passwordUpdate = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? undefined : value),
  passwordSchema.optional(),
);

export const usersResource = defineResource({
  key: "users",
  title: "Usuarios",
  table: users,
  routes: ["create", "update", "delete"],
  fields: {
    name: text("Nombre", { required: true, max: 100 }),
    email: email("Correo electrónico", { required: true }),
    role_id: selector("Rol", roleOptions, { required: true }),
    email_verified: checkbox("Verificado"),
    password: withInput(text("Contraseña"), {
      create: passwordSchema,
      update: passwordUpdate,
      writeOnly: true,
    }),
  },
  list: ["name", "email", "role", "email_verified"],
  columns: { role: "Rol" },
  // Never the password hash.
  select: {
    id: users.id,
    name: users.name,
    email: users.email,
    role_id: users.role_id,
    role: sql<string>`(select ${roles.label} from ${roles} where ${roles.id} = ${users.role_id})`,
    email_verified: sql<boolean>`(${users.email_verified_at} is not null)`,
    email_verified_at: users.email_verified_at,
    created_at: users.created_at,
    updated_at: users.updated_at,
  },
  unique: { field: "email", message: duplicateEmailMessage },

  async insert(db, input) {
    try {
      const user = await createUser(db, {
        name: input.name as string,
        email: input.email as string,
        password: input.password as string,
        role: input.role_id as number,
        verified: input.email_verified === true,
      });
      return user.id;
    } catch (error) {
      if (!(error instanceof UserInputError)) throw error;
      const { role, ...rest } = error.errors;
      failValidation(role ? { ...rest, role_id: role } : rest);
    }
  },

  async toColumns(input) {
    return {
      name: input.name,
      email: input.email,
      role_id: input.role_id,
      // Keeps the original verification date when the box stays ticked.
      email_verified_at: input.email_verified
        ? sql`coalesce(${users.email_verified_at}, now())`
        : null,
      ...(typeof input.password === "string"
        ? { password_hash: await hashPassword(input.password) }
        : {}),
    };
  },

  /** A password set by staff signs the account out everywhere, as a reset does. */
  async afterUpdate(db, id, input) {
    if (typeof input.password === "string") {
      await db.delete(accessTokens).where(eq(accessTokens.user_id, id));
    }
  },

  refuseDelete: (id, user) =>
    id === user.id ? "No puedes eliminar tu propia cuenta desde el panel." : undefined,
});
