import { eq } from "drizzle-orm";
import { generateToken, hashToken } from "../../server/auth/tokens.ts";
import type { Database } from "../../server/db/client.ts";
import { accessTokens, roles, users } from "../../server/db/schema.ts";

let serial = 0;

/**
 * A user written straight into the database, for tests that need someone signed in. The
 * password hash is not a real one: these users sign in with `signIn`, never with a password.
 */
export async function createUser(
  db: Database,
  options: {
    role?: "super_admin" | "admin" | "guest_user";
    verified?: boolean;
    name?: string;
    email?: string;
  } = {},
) {
  serial += 1;
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.name, options.role ?? "guest_user"));
  if (!role) throw new Error(`no role ${options.role}`);
  const [user] = await db
    .insert(users)
    .values({
      name: options.name ?? `Persona ${serial}`,
      email: options.email ?? `persona${serial}.${Date.now()}@example.test`,
      password_hash: "$test$not-a-real-hash",
      role_id: role.id,
      email_verified_at: options.verified === false ? null : new Date(),
    })
    .returning();
  if (!user) throw new Error("user insert returned no row");
  return user;
}

/** A bearer token for `userId`, valid for an hour, as login would issue it. */
export async function signIn(db: Database, userId: number): Promise<string> {
  const token = generateToken();
  await db.insert(accessTokens).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + 60 * 60 * 1000),
  });
  return token;
}

/** A bearer token for a new member of staff, verified: an admin unless `role` says otherwise. */
export async function staffToken(
  db: Database,
  role: "super_admin" | "admin" = "admin",
): Promise<string> {
  const staff = await createUser(db, { role });
  return signIn(db, staff.id);
}

/**
 * Every kind of caller of a staff route, each with its name, its token (none when signed out)
 * and the status it gets: 401 signed out; 403 a guest, or an admin whose address is not
 * verified; `staffStatus` a verified admin or super admin.
 */
export async function staffRouteCallers(
  db: Database,
  staffStatus: number,
): Promise<[who: string, token: string | undefined, status: number][]> {
  const callers: [string, string | undefined, number][] = [["signed out", undefined, 401]];
  for (const [who, role, verified, status] of [
    ["unverified guest", "guest_user", false, 403],
    ["guest", "guest_user", true, 403],
    ["unverified admin", "admin", false, 403],
    ["admin", "admin", true, staffStatus],
    ["super admin", "super_admin", true, staffStatus],
  ] as const) {
    const user = await createUser(db, { role, verified });
    callers.push([who, await signIn(db, user.id), status]);
  }
  return callers;
}
