import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  accessTokens,
  permissions,
  rolePermissions,
  roles,
  twoFactorSecrets,
  users,
} from "../db/schema.ts";
import { secondFactorDue, type TwoFactorPolicy, twoFactorRoles } from "./two-factor.ts";

/** The user object of the API (ARCHITECTURE.md): never the password hash. */
export interface UserView {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  /**
   * SPEC §7's roles with their permissions; `label` (additive) is the role's Spanish name, so
   * the browser shows the server's words and keeps none of its own (issue 11).
   */
  roles: { name: string; label: string; permissions: { key: string; name: string }[] }[];
  /**
   * Additive, for staff (decision 220) and anyone with a second factor: whether the account has
   * one, the day it becomes required (null: never), and whether it is required now and missing
   * (then the admin answers 403 until it is enrolled). Absent for everyone else.
   */
  two_factor?: { enabled: boolean; required_from: string | null; required: boolean };
}

export async function loadUser(
  db: Database,
  id: number,
  policy: TwoFactorPolicy,
): Promise<UserView | undefined> {
  return toView(await selectRows(db, eq(users.id, id), false), policy);
}

/** The user behind an unexpired access token and the token's expiry, in one round trip. */
export async function loadSession(
  db: Database,
  tokenHash: string,
  policy: TwoFactorPolicy,
): Promise<{ user: UserView; expiresAt: Date; lastUsedAt: Date | null } | undefined> {
  const rows = await selectRows(
    db,
    and(eq(accessTokens.token_hash, tokenHash), gt(accessTokens.expires_at, new Date())),
    true,
  );
  const user = toView(rows, policy);
  return user && rows[0]
    ? { user, expiresAt: rows[0].expires_at, lastUsedAt: rows[0].last_used_at }
    : undefined;
}

/** One row per permission of the user's role (one row with no permission for a bare role). */
function selectRows(db: Database, where: SQL | undefined, byToken: boolean) {
  const columns = {
    id: users.id,
    name: users.name,
    email: users.email,
    email_verified_at: users.email_verified_at,
    role: roles.name,
    role_label: roles.label,
    permission_key: permissions.key,
    permission_name: permissions.name,
    two_factor: sql<boolean>`exists (select 1 from ${twoFactorSecrets} where ${twoFactorSecrets.user_id} = ${users.id} and ${twoFactorSecrets.confirmed_at} is not null)`,
  };
  const base = byToken
    ? db
        .select({
          ...columns,
          expires_at: accessTokens.expires_at,
          last_used_at: accessTokens.last_used_at,
        })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.user_id))
    : db
        .select({ ...columns, expires_at: sql<Date>`null`, last_used_at: sql<Date | null>`null` })
        .from(users);
  return base
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(rolePermissions, eq(rolePermissions.role_id, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(where)
    .orderBy(permissions.id);
}

function toView(
  rows: Awaited<ReturnType<typeof selectRows>>,
  policy: TwoFactorPolicy,
): UserView | undefined {
  const first = rows[0];
  if (!first) return undefined;
  const staff = twoFactorRoles.includes(first.role);
  const enabled = Boolean(first.two_factor);
  const requiredFrom = staff ? (policy.TWO_FACTOR_REQUIRED_FROM ?? null) : null;
  return {
    id: first.id,
    name: first.name,
    email: first.email,
    email_verified_at: first.email_verified_at?.toISOString() ?? null,
    roles: [
      {
        name: first.role,
        label: first.role_label,
        permissions: rows.flatMap((r) =>
          r.permission_key && r.permission_name
            ? [{ key: r.permission_key, name: r.permission_name }]
            : [],
        ),
      },
    ],
    ...(staff || enabled
      ? {
          two_factor: {
            enabled,
            required_from: requiredFrom,
            required: staff && !enabled && secondFactorDue(policy),
          },
        }
      : {}),
  };
}
