import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { roles } from "../db/schema.ts";

/**
 * ASVS 5.0 V7.4.2 and V8.3: what staff change about an account applies to that account's open
 * sessions on their very next request (docs/security.md).
 */
describe.skipIf(skipDatabase)("staff changes reach open sessions at once", () => {
  const t = perSuite(() => createTestApp());
  let staffToken: string;

  beforeAll(async () => {
    const staff = await createUser(t.db, { role: "admin" });
    staffToken = await signIn(t.db, staff.id);
  });

  it("a deleted account's token stops working", async () => {
    const leaver = await createUser(t.db);
    const leaverToken = await signIn(t.db, leaver.id);
    expect((await t.get("/api/user", leaverToken)).status).toBe(200);

    const deleted = await t.get(`/api/admin/users/delete/${leaver.id}`, staffToken);
    expect(deleted.status).toBe(200);
    expect((await t.get("/api/user", leaverToken)).status).toBe(401);
  });

  it("a demoted administrator loses the admin API on the next request", async () => {
    const demoted = await createUser(t.db, { role: "admin" });
    const demotedToken = await signIn(t.db, demoted.id);
    expect((await t.get("/api/admin/contacts", demotedToken)).status).toBe(200);

    const [guest] = await t.db
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.name, "guest_user"));
    const updated = await t.post(
      "/api/admin/users/update",
      {
        id: demoted.id,
        name: demoted.name,
        email: demoted.email,
        role_id: guest?.id,
        email_verified: true,
        password: "",
      },
      staffToken,
    );
    expect(updated.status).toBe(200);
    expect((await t.get("/api/admin/contacts", demotedToken)).status).toBe(403);
  });
});
