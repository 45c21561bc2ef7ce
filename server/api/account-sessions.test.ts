import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, json, type TestApp, uniqueIp } from "../../tests/support/app.ts";
import {
  createPostgresTestDatabase,
  createTestDatabase,
  skipDatabase,
  testDatabaseKind,
} from "../../tests/support/database.ts";
import { openPostgres } from "../db/client.ts";
import { accessTokens } from "../db/schema.ts";
import { createUser } from "../users/create-user.ts";
import { resetSecondFactor } from "../users/reset-second-factor.ts";

const password = "barandilla-de-forja-2026";
const phone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const laptop = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
let serial = 0;

/**
 * One's own sessions (decision 221), on two instances of the site sharing one database: a
 * session closed on one stops working on both, at once where it was closed.
 */
describe.skipIf(skipDatabase)(
  "one's own sessions: the list, closing one, closing the others",
  () => {
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

    const eventually = (check: () => Promise<void>) =>
      vi.waitFor(check, { timeout: 10_000, interval: 20 });

    /** A staff member signed in three times: from a phone, a laptop and an unnamed client. */
    async function signedInThrice() {
      serial += 1;
      const email = `sesiones${serial}-${Date.now()}@example.test`;
      const user = await createUser(a.db, {
        name: "Iván Sala",
        email,
        password,
        role: "admin",
        verified: true,
      });
      const signIn = async (userAgent?: string) => {
        const res = await a.app.request("/api/login", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "X-Forwarded-For": uniqueIp(),
            ...(userAgent ? { "User-Agent": userAgent } : {}),
          },
          body: JSON.stringify({ email, password }),
        });
        expect(res.status).toBe(200);
        return (await json(res)).token as string;
      };
      const tokens = [await signIn(phone), await signIn(laptop), await signIn()];
      // Each known to both instances (and so perhaps remembered by each).
      for (const t of [a, b]) {
        for (const token of tokens) expect((await t.get("/api/user", token)).status).toBe(200);
      }
      return { user, tokens };
    }

    it("lists each session with its browser in words, when it was made and last used, and which is this one", async () => {
      const { tokens } = await signedInThrice();
      const res = await b.get("/api/sessions", tokens[1]);
      expect(res.status).toBe(200);
      const { sessions } = await json(res);
      expect(sessions).toHaveLength(3);
      expect(sessions.map((s: { browser: string }) => s.browser).sort()).toEqual([
        "Firefox en Linux",
        "Navegador desconocido",
        "Safari en iOS (móvil)",
      ]);
      for (const session of sessions) {
        expect(Object.keys(session).sort()).toEqual(
          ["browser", "created_at", "current", "expires_at", "id", "last_used_at"].sort(),
        );
        expect(Date.parse(session.created_at)).not.toBeNaN();
        expect(Date.parse(session.last_used_at)).not.toBeNaN();
      }
      expect(sessions.filter((s: { current: boolean }) => s.current)).toMatchObject([
        { browser: "Firefox en Linux" },
      ]);
      expect(JSON.stringify(sessions)).not.toContain(tokens[0]);
    });

    it("closes one other session: its token stops working on both instances", async () => {
      const { tokens } = await signedInThrice();
      const [phoneToken, laptopToken, otherToken] = tokens;
      const { sessions } = await json(await a.get("/api/sessions", laptopToken));
      const onPhone = sessions.find((s: { browser: string }) => s.browser.startsWith("Safari"));
      const current = sessions.find((s: { current: boolean }) => s.current);

      expect((await a.post("/api/sessions/close", { id: current.id }, laptopToken)).status).toBe(
        404,
      );
      expect((await a.post("/api/sessions/close", { id: "1" }, laptopToken)).status).toBe(422);
      const closed = await a.post("/api/sessions/close", { id: onPhone.id }, laptopToken);
      expect(closed.status).toBe(200);
      expect((await a.get("/api/user", phoneToken)).status).toBe(401);
      await eventually(async () => expect((await b.get("/api/user", phoneToken)).status).toBe(401));
      for (const t of [a, b]) {
        expect((await t.get("/api/user", laptopToken)).status).toBe(200);
        expect((await t.get("/api/user", otherToken)).status).toBe(200);
      }
      // Someone else's session is not one's own to close.
      const stranger = await signedInThrice();
      const theirs = await json(await a.get("/api/sessions", stranger.tokens[0]));
      const res = await a.post("/api/sessions/close", { id: theirs.sessions[0].id }, laptopToken);
      expect(res.status).toBe(404);
      expect((await a.get("/api/user", stranger.tokens[0])).status).toBe(200);
    });

    it("«close the others» leaves only this session, on both instances", async () => {
      const { user, tokens } = await signedInThrice();
      const [phoneToken, laptopToken, otherToken] = tokens;
      const res = await b.post("/api/sessions/close-others", {}, phoneToken);
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({ closed: 2 });
      for (const token of [laptopToken, otherToken]) {
        expect((await b.get("/api/user", token)).status).toBe(401);
        await eventually(async () => expect((await a.get("/api/user", token)).status).toBe(401));
      }
      for (const t of [a, b]) expect((await t.get("/api/user", phoneToken)).status).toBe(200);
      const left = await a.db.select().from(accessTokens).where(eq(accessTokens.user_id, user.id));
      expect(left).toHaveLength(1);
    });

    it("the operator's reset of a second factor closes every session, on both instances", async () => {
      const { user, tokens } = await signedInThrice();
      const reset = await resetSecondFactor(a.db, user.email);
      expect(reset).toMatchObject({ ok: true, hadOne: false });
      for (const t of [a, b]) {
        for (const token of tokens) {
          await eventually(async () => expect((await t.get("/api/user", token)).status).toBe(401));
        }
      }
    });
  },
);
