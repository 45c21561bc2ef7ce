import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { accessTokens, permissions, rolePermissions, roles, users } from "../db/schema.ts";

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
}

export async function loadUser(db: Database, id: number): Promise<UserView | undefined> {
  return toView(await selectRows(db, eq(users.id, id), false));
}

/** The user behind an unexpired access token and the token's expiry, in one round trip. */
export async function loadSession(
  db: Database,
  tokenHash: string,
): Promise<{ user: UserView; expiresAt: Date } | undefined> {
  const rows = await selectRows(
    db,
    and(eq(accessTokens.token_hash, tokenHash), gt(accessTokens.expires_at, new Date())),
    true,
  );
  const user = toView(rows);
  return user && rows[0] ? { user, expiresAt: rows[0].expires_at } : undefined;
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
  };
  const base = byToken
    ? db
        .select({ ...columns, expires_at: accessTokens.expires_at })
        .from(accessTokens)
        .innerJoin(users, eq(users.id, accessTokens.user_id))
    : db.select({ ...columns, expires_at: sql<Date>`null` }).from(users);
  return base
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(rolePermissions, eq(rolePermissions.role_id, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(where)
    .orderBy(permissions.id);
}

function toView(rows: Awaited<ReturnType<typeof selectRows>>): UserView | undefined {
  const first = rows[0];
  if (!first) return undefined;
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
  };
}
