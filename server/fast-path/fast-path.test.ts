import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createListeningTestApp } from "../../tests/support/listening.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import type { ApiRouter } from "./api-router.ts";

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

/** GET /api/user over a real socket, with header lines exactly as given (a name may repeat). */
function getUser(port: number, headers: [string, string][]) {
  return new Promise<number>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: "/api/user" }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    for (const [name, value] of headers) {
      const had = request.getHeader(name);
      request.setHeader(name, had === undefined ? value : [had as string, value].flat());
    }
    request.on("error", reject).end();
  });
}

// Served over a socket, the bearer token is read from Node's own list of the request's headers
// (server/auth/session.ts): the same rules as the web request's header must hold there.
describe.skipIf(skipDatabase)("the bearer token on the wire", () => {
  const wire = perSuite(() => createListeningTestApp());
  let token: string;
  beforeAll(async () => {
    token = await signIn(wire.t.db, (await createUser(wire.t.db)).id);
  });

  it("takes the header whatever the case of its name and of the scheme", async () => {
    expect(await getUser(wire.port, [["authorization", `Bearer ${token}`]])).toBe(200);
    expect(await getUser(wire.port, [["AUTHORIZATION", `bearer   ${token}`]])).toBe(200);
  });

  it("refuses no header, another scheme, a bad token and the header sent twice", async () => {
    expect(await getUser(wire.port, [])).toBe(401);
    expect(await getUser(wire.port, [["Authorization", `Basic ${token}`]])).toBe(401);
    expect(await getUser(wire.port, [["Authorization", `Bearer ${token.slice(1)}x`]])).toBe(401);
    const twice: [string, string][] = [
      ["Authorization", `Bearer ${token}`],
      ["Authorization", `Bearer ${token}`],
    ];
    expect(await getUser(wire.port, twice)).toBe(401);
  });
});

describe.skipIf(skipDatabase)("the API's router", () => {
  const t = perSuite(() => createTestApp());

  // Hono falls back to walking a tree for every path once one route's pattern cannot be one
  // regular expression (a parameter beside fixed names at the same place, a capturing group):
  // the admin API is matched apart for that (server/fast-path/api-router.ts).
  it("matches every path but the admin API's with one regular expression", async () => {
    expect((await t.app.request("/api/user")).status).toBe(401);
    expect((await t.app.request("/api/admin/contacts")).status).toBe(401);
    expect((t.app.router as ApiRouter<unknown>).chosen.rest).toBe("SmartRouter + RegExpRouter");
  });
});
