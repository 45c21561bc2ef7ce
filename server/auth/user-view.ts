import { and, eq, gt, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { accessTokens, permissions, rolePermissions, roles, users } from "../db/schema.ts";

/** The user object of the API (ARCHITECTURE.md): never the password hash. */
export interface UserView {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  roles: { name: string; permissions: { key: string; name: string }[] }[];
}

export function loadUser(db: Database, id: number): Promise<UserView | undefined> {
  return selectUser(db, eq(users.id, id));
}

/** The user behind an unexpired access token, in one round trip (it runs on every request). */
export function loadUserByToken(db: Database, tokenHash: string): Promise<UserView | undefined> {
  return selectUser(
    db,
    and(eq(accessTokens.token_hash, tokenHash), gt(accessTokens.expires_at, new Date())),
    true,
  );
}

async function selectUser(
  db: Database,
  where: SQL | undefined,
  byToken = false,
): Promise<UserView | undefined> {
  const columns = {
    id: users.id,
    name: users.name,
    email: users.email,
    email_verified_at: users.email_verified_at,
    role: roles.name,
    permission_key: permissions.key,
    permission_name: permissions.name,
  };
  const base = byToken
    ? db.select(columns).from(accessTokens).innerJoin(users, eq(users.id, accessTokens.user_id))
    : db.select(columns).from(users);
  const rows = await base
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(rolePermissions, eq(rolePermissions.role_id, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(where)
    .orderBy(permissions.id);
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
        permissions: rows.flatMap((r) =>
          r.permission_key && r.permission_name
            ? [{ key: r.permission_key, name: r.permission_name }]
            : [],
        ),
      },
    ],
  };
}
