import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { accountLabels } from "../../../content/account-fields.ts";
import { hashPassword, passwordSchema } from "../../auth/passwords.ts";
import type { Database } from "../../db/client.ts";
import { accessTokens, roles, users } from "../../db/schema.ts";
import { checkbox, type Options, selector, text, withInput } from "../../fields.ts";
import { fail, failValidation } from "../../http-errors.ts";
import { accountFields, duplicateEmailMessage } from "../../users/account-fields.ts";
import { createUser, UserInputError } from "../../users/create-user.ts";
import { defineResource, type RecordChange } from "../resource.ts";

const SUPER_ADMIN = "super_admin";

/** The roles; shown to an admin, those an admin may give (the rule authorizeUserChange keeps). */
const roleOptions: Options = (db, viewer) =>
  db
    .select({ id: roles.id, title: roles.label })
    .from(roles)
    .where(
      viewer && viewer.roles[0]?.name !== SUPER_ADMIN ? ne(roles.name, SUPER_ADMIN) : undefined,
    )
    .orderBy(roles.id);

const roleRuleMessages = {
  grant: "Solo un super administrador puede dar o quitar el rol de super administrador.",
  superAdminAccount:
    "Solo un super administrador puede modificar o eliminar la cuenta de un super administrador.",
  ownRole: "No puedes cambiar tu propio rol.",
  ownAccount: "No puedes eliminar tu propia cuenta desde el panel.",
  ownVerification: "No puedes quitar la verificación de tu propio correo.",
  lastSuperAdmin: "Tiene que quedar al menos un super administrador.",
  lastVerifiedSuperAdmin:
    "Tiene que quedar al menos un super administrador con el correo verificado.",
};

function notAllowed(message: string): never {
  fail(403, { title: "Acceso denegado", message });
}

/**
 * The role hierarchy (decision 074), over the database as it is now rather than the caller's
 * remembered session, which may be a moment old:
 * - only a super admin grants or revokes the super admin role, or edits or deletes a super
 *   admin's account (403);
 * - the last super admin is neither demoted nor deleted, by anyone, itself included, nor is
 *   the last verified one demoted, deleted or unverified: someone must still be able to enter
 *   the admin as a super admin (422: a rule on the data, not on the caller);
 * - nobody changes their own role, unverifies their own e-mail or deletes their own account
 *   (403).
 * A field an update leaves out keeps its stored value (role, verification).
 * On update and delete it runs in the write's transaction and first locks the super admin
 * role's row until the write commits, so changes to accounts take turns: two super admins
 * demoting each other at once cannot both still see the other one.
 */
async function authorizeUserChange(db: Database, change: RecordChange): Promise<void> {
  const query = db.select({ id: roles.id }).from(roles).where(eq(roles.name, SUPER_ADMIN));
  const [superAdmin] = change.action === "create" ? await query : await query.for("no key update");
  const targetId = change.action === "create" ? undefined : change.id;
  const accounts = await db
    .select({ id: users.id, role_id: users.role_id, verified_at: users.email_verified_at })
    .from(users)
    .where(
      inArray(users.id, targetId === undefined ? [change.actor.id] : [change.actor.id, targetId]),
    );
  const accountOf = (id: number | undefined) => accounts.find((account) => account.id === id);
  const isSuper = (roleId: unknown) => superAdmin !== undefined && roleId === superAdmin.id;

  const actorIsSuper = isSuper(accountOf(change.actor.id)?.role_id);
  const target = accountOf(targetId);
  const targetRole = target?.role_id;
  const newRole = change.action === "delete" ? targetRole : (change.input.role_id ?? targetRole);
  if (!actorIsSuper && isSuper(targetRole)) notAllowed(roleRuleMessages.superAdminAccount);
  if (!actorIsSuper && isSuper(newRole)) notAllowed(roleRuleMessages.grant);
  // No such account (a create, or an id that names nobody: the write answers 404).
  if (targetId === undefined || target === undefined) return;

  const verified = target.verified_at !== null;
  const staysSuper = change.action !== "delete" && isSuper(newRole);
  const staysVerified = change.action !== "delete" && (change.input.email_verified ?? verified);
  if (isSuper(targetRole) && !(staysSuper && (staysVerified || !verified))) {
    const [others] = await db
      .select({ total: count(), verified: count(users.email_verified_at) })
      .from(users)
      .where(and(eq(users.role_id, target.role_id), ne(users.id, targetId)));
    const message =
      !staysSuper && !others?.total
        ? roleRuleMessages.lastSuperAdmin
        : verified && !others?.verified
          ? roleRuleMessages.lastVerifiedSuperAdmin
          : undefined;
    if (message) {
      const field = change.action === "delete" ? "id" : staysSuper ? "email_verified" : "role_id";
      failValidation({ [field]: [message] });
    }
  }
  if (targetId === change.actor.id) {
    if (change.action === "delete") notAllowed(roleRuleMessages.ownAccount);
    if (newRole !== targetRole) notAllowed(roleRuleMessages.ownRole);
    if (verified && !staysVerified) notAllowed(roleRuleMessages.ownVerification);
  }
}

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
  // A deleted account is erased: the audit log keeps who deleted which account and when, not
  // its name or address (decision 179). What a deleted staff member did keeps their name.
  erasure: true,
  fields: {
    // An account's name and e-mail follow the same rules here as at sign-up.
    ...accountFields,
    role_id: selector("Rol", roleOptions, { required: true }),
    email_verified: checkbox("Verificado"),
    password: withInput(text(accountLabels.password), {
      create: passwordSchema,
      update: passwordUpdate,
      writeOnly: true,
    }),
  },
  list: ["name", "email", "role", "email_verified"],
  columns: {
    role: "Rol",
    // Shown in a user's details (decision 167); no form field: only the holder accepts.
    terms_accepted_at: "Términos aceptados",
    terms_version: "Versión de los términos",
  },
  // Never the password hash.
  select: {
    id: users.id,
    name: users.name,
    email: users.email,
    role_id: users.role_id,
    role: sql<string>`(select ${roles.label} from ${roles} where ${roles.id} = ${users.role_id})`,
    email_verified: sql<boolean>`(${users.email_verified_at} is not null)`,
    email_verified_at: users.email_verified_at,
    terms_accepted_at: users.terms_accepted_at,
    terms_version: users.terms_version,
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
      // Keeps the original verification date when the box stays ticked (or is left out).
      email_verified_at:
        input.email_verified === undefined
          ? undefined
          : input.email_verified
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

  authorizeChange: authorizeUserChange,
});
