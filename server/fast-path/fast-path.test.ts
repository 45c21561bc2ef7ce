import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";

/**
 * The API's speed rests on answers that are ready without a promise (decision 065): Hono then
 * hands back a Response, and @hono/node-server writes it at once. One `app.use("/api/*", async
 * …)` or an async wrapper anywhere on the way would silently undo it; this fails instead.
 * (The precomputed headers are checked on a real socket in response-headers.test.ts.)
 */
describe.skipIf(skipDatabase)("the API's fast path", () => {
  const t = perSuite(() => createTestApp());
  let token: string;
  beforeAll(async () => {
    token = await signIn(t.db, (await createUser(t.db)).id);
  });

  const userRequest = () =>
    new Request("http://localhost/api/user", { headers: { Authorization: `Bearer ${token}` } });

  it("answers GET /api/user of a remembered session without a promise", async () => {
    // The first request reads the session from the database and remembers it.
    expect((await t.app.fetch(userRequest())).status).toBe(200);
    const answer = t.app.fetch(userRequest());
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(200);
    expect(await (answer as Response).json()).toMatchObject({
      user: { email: expect.any(String) },
    });
  });
});
