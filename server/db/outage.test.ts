import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../tests/support/app.ts";
import {
  createPostgresTestDatabase,
  skipDatabase,
  testDatabaseKind,
} from "../../tests/support/database.ts";
import { startTcpProxy } from "../../tests/support/tcp-proxy.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { openPostgres } from "./client.ts";
import { subscriptions } from "./schema.ts";

// Only a database server can go away; the embedded one lives inside the process.
describe.skipIf(skipDatabase || testDatabaseKind !== "postgres")("a database outage", () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;

  beforeAll(async () => {
    database = await createPostgresTestDatabase();
    const url = new URL(database.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    t = await createTestApp({ database: await openPostgres(url.toString()) });
  });
  afterAll(async () => {
    await proxy.restore();
    await t.close();
    await proxy.close();
    await database.drop();
  });

  const subscribe = (email: string) => t.post("/api/subscriptions", { email });

  it("serves no remembered session while the database is away", async () => {
    const user = await createUser(t.db);
    const token = await signIn(t.db, user.id);
    expect((await t.get("/api/user", token)).status).toBe(200);

    // The session cache may hold this user, but with the database gone it cannot hear of a
    // sign-out: it empties once its listening connection drops, and requests answer 503.
    await proxy.cut();
    await vi.waitFor(async () => expect((await t.get("/api/user", token)).status).toBe(503), {
      timeout: 10_000,
      interval: 50,
    });
    await proxy.restore();
    await vi.waitFor(async () => expect((await t.get("/api/user", token)).status).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it("answers 503 JSON while the database is away, then recovers without a restart", async () => {
    expect((await subscribe("antes@example.com")).status).toBe(201);

    await proxy.cut();
    const during = await subscribe("durante@example.com");
    expect(during.status).toBe(503);
    expect(during.headers.get("retry-after")).toBeTruthy();
    expect(await during.json()).toEqual({
      title: "Servicio no disponible",
      message: expect.stringContaining("Inténtalo de nuevo"),
    });

    await proxy.restore();
    expect((await subscribe("despues@example.com")).status).toBe(201);
    const [rows] = await t.db.select({ n: count() }).from(subscriptions);
    // Nothing half-written: the refused subscription is simply absent.
    expect(rows?.n).toBe(2);
  });
});
