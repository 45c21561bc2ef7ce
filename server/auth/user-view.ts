import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { permissions, rolePermissions, roles, users } from "../db/schema.ts";

/** The user object of the API (ARCHITECTURE.md): never the password hash. */
export interface UserView {
  id: number;
  name: string;
  email: string;
  email_verified_at: string | null;
  roles: { name: string; permissions: { key: string; name: string }[] }[];
}

export async function loadUser(db: Database, id: number): Promise<UserView | undefined> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      email_verified_at: users.email_verified_at,
      role: roles.name,
      permission_key: permissions.key,
      permission_name: permissions.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(rolePermissions, eq(rolePermissions.role_id, roles.id))
    .leftJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(eq(users.id, id))
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
