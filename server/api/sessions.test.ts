import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app.ts";
import {
  createPostgresTestDatabase,
  createTestDatabase,
  skipDatabase,
  testDatabaseKind,
} from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { openPostgres } from "../db/client.ts";
import { accessTokens, rolePermissions, roles, users } from "../db/schema.ts";

/**
 * Each instance remembers who is signed in (server/auth/session-cache.ts). These are the
 * promises that must survive that: a change made anywhere, through the API of one instance or
 * straight in the database, holds on every instance, at once where it was made.
 */
describe.skipIf(skipDatabase)("signed-in sessions across two instances of the site", () => {
  let a: TestApp;
  let b: TestApp;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    if (testDatabaseKind === "postgres") {
      const database = await createPostgresTestDatabase();
      a = await createTestApp({ database: await openPostgres(database.url) });
      b = await createTestApp({ database: await openPostgres(database.url) });
      dropDatabase = database.drop;
    } else {
      // The embedded database lives in one process: both instances share it.
      const database = await createTestDatabase();
      a = await createTestApp({ database: { ...database, close: async () => {} } });
      b = await createTestApp({ database });
    }
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await dropDatabase();
  });

  /** Both instances know the token (and so may remember its user). */
  async function signedInOnBoth(role: "admin" | "guest_user" = "guest_user") {
    const user = await createUser(a.db, { role });
    const token = await signIn(a.db, user.id);
    for (const t of [a, b]) expect((await t.get("/api/user", token)).status).toBe(200);
    return { user, token };
  }
  const eventually = (check: () => Promise<void>) =>
    vi.waitFor(check, { timeout: 2_000, interval: 20 });

  it("signing out ends the session at once where it happened, and on the other instance", async () => {
    const { token } = await signedInOnBoth();
    expect((await a.get("/api/logout", token)).status).toBe(200);
    expect((await a.get("/api/user", token)).status).toBe(401);
    await eventually(async () => expect((await b.get("/api/user", token)).status).toBe(401));
  });

  it("staff demoting an admin on one instance closes the admin area on the other", async () => {
    const staff = await signedInOnBoth("admin");
    const { user, token } = await signedInOnBoth("admin");
    expect((await b.get("/api/admin/contacts", token)).status).toBe(200);
    const [guest] = await a.db.select().from(roles).where(eq(roles.name, "guest_user"));
    const res = await a.post(
      "/api/admin/users/update",
      {
        id: String(user.id),
        name: user.name,
        email: user.email,
        role_id: guest?.id,
        email_verified: "true",
        password: "",
      },
      staff.token,
    );
    expect(res.status).toBe(200);
    expect((await a.get("/api/admin/contacts", token)).status).toBe(403);
    await eventually(async () =>
      expect((await b.get("/api/admin/contacts", token)).status).toBe(403),
    );
  });

  it("changes made straight in the database reach both instances", async () => {
    const admin = await signedInOnBoth("admin");
    const guest = await signedInOnBoth();

    // A renamed account shows its new name.
    await a.db.update(users).set({ name: "Lucía Renombrada" }).where(eq(users.id, guest.user.id));
    for (const t of [a, b]) {
      await eventually(async () =>
        expect((await (await t.get("/api/user", guest.token)).json()).user.name).toBe(
          "Lucía Renombrada",
        ),
      );
    }

    // A token cut short expires.
    await a.db
      .update(accessTokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.user_id, guest.user.id));
    for (const t of [a, b]) {
      await eventually(async () =>
        expect((await t.get("/api/user", guest.token)).status).toBe(401),
      );
    }

    // A role that loses its permissions loses the admin area.
    const [adminRole] = await a.db.select().from(roles).where(eq(roles.name, "admin"));
    await a.db.delete(rolePermissions).where(eq(rolePermissions.role_id, adminRole?.id ?? 0));
    for (const t of [a, b]) {
      await eventually(async () =>
        expect((await t.get("/api/admin/contacts", admin.token)).status).toBe(403),
      );
    }
  });
});
