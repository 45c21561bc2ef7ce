import os from "node:os";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { createTestApp, perSuite, type TestApp } from "../tests/support/app.ts";
import {
  createPostgresTestDatabase,
  createTestDatabase,
  skipDatabase,
  testDatabaseKind,
} from "../tests/support/database.ts";
import { createListeningTestApp } from "../tests/support/listening.ts";
import { startTcpProxy } from "../tests/support/tcp-proxy.ts";
import { openPostgres } from "./db/client.ts";
import { mailOutbox } from "./db/schema.ts";
import { readinessCheck } from "./health.ts";

/** Polls until /readyz answers `status` and `body` (one answer is reused for a second). */
async function readyzBecomes(t: TestApp, status: number, body: Record<string, unknown>) {
  await vi.waitFor(
    async () => {
      const answer = await t.get("/readyz");
      expect({ status: answer.status, body: await answer.json() }).toEqual({ status, body });
    },
    { timeout: 8_000, interval: 100 },
  );
}

/** This machine's disks, whatever their free space (a test hands a fuller one: `diskOf`). */
const disksWithRoom = {
  disk: "ok",
  disk_free_mb: { data_dir: expect.any(Number), uploads: expect.any(Number) },
};

/** The test apps have no SMTP_URL: mail is written to files, which outside production is fine. */
const readyButDisks = {
  status: "ok",
  database: "ok",
  migrations: "current",
  mail: "files",
  mail_waiting: 0,
  mail_failed: 0,
};
const ready = { ...readyButDisks, ...disksWithRoom };
const databaseAway = {
  status: "unavailable",
  database: "unreachable",
  migrations: "unknown",
  mail: "unknown",
  ...disksWithRoom,
};

const megabytes = 1024 * 1024;

/** Free space as a test sets it: DATA_DIR's and the temporary folder's (null: unreadable). */
function diskOf(free: { data_dir: number | null; uploads: number | null }) {
  return {
    async free(folder: string) {
      return (folder === os.tmpdir() ? free.uploads : free.data_dir) ?? undefined;
    },
  };
}

describe.skipIf(skipDatabase)("health probes", () => {
  const t = perSuite(() => createTestApp());

  it("/healthz: 200 JSON, never cached", async () => {
    const answer = await t.get("/healthz");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual({ status: "ok" });
  });

  it("/readyz: ready when the database answers and every migration is applied", async () => {
    const answer = await t.get("/readyz");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toEqual(ready);
  });

  it("HEAD answers with the status alone", async () => {
    for (const target of ["/healthz", "/readyz"]) {
      const answer = await t.app.request(target, { method: "HEAD" });
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe("");
    }
  });

  it("degraded (still 200) while mail has waited more than 30 minutes, ok once it is sent", async () => {
    const mail = { to: "lucia@example.com", subject: "Confirma tu correo", text: "…", html: "…" };
    // A campaign's later mail, queued 31 minutes ago for its turn in 10 minutes: not late.
    await t.db.insert(mailOutbox).values({
      ...mail,
      created_at: sql`now() - interval '31 minutes'`,
      due_at: sql`now() + interval '10 minutes'`,
      next_attempt_at: sql`now() + interval '10 minutes'`,
    });
    await readyzBecomes(t, 200, ready);

    await t.db.insert(mailOutbox).values({
      ...mail,
      created_at: sql`now() - interval '31 minutes'`,
      due_at: sql`now() - interval '31 minutes'`,
      // Waiting for its next try: the worker of this test app must not deliver it meanwhile.
      next_attempt_at: sql`now() + interval '5 minutes'`,
    });
    await readyzBecomes(t, 200, { ...ready, status: "degraded", mail: "stuck", mail_waiting: 1 });

    await t.db.update(mailOutbox).set({ sent_at: sql`now()` });
    await readyzBecomes(t, 200, ready);
  });

  it("says whether mail goes to an SMTP server or to files: degraded (still 200) in production, where nobody would read them", async () => {
    const smtp = await createTestApp({ env: { SMTP_URL: "smtp://127.0.0.1:2525" } });
    const production = await createTestApp({ env: { NODE_ENV: "production" } });
    try {
      await readyzBecomes(smtp, 200, { ...ready, mail: "ok" });
      await readyzBecomes(production, 200, { ...ready, status: "degraded", mail: "files" });
    } finally {
      await smtp.close();
      await production.close();
    }
  });

  it("not ready (503) while a migration of this build is missing from the database", async () => {
    const [newest] = (
      (await t.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where id = (select max(id) from drizzle.__drizzle_migrations) returning *`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    try {
      await readyzBecomes(t, 503, { ...ready, status: "unavailable", migrations: "pending" });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${newest?.id}, ${newest?.hash}, ${newest?.created_at})`,
      );
    }
    await readyzBecomes(t, 200, ready);
  });

  it("degraded while DATA_DIR's or the temporary folder's disk has less than 200 MB free", async () => {
    const free = { data_dir: 5000 * megabytes, uploads: 5000 * megabytes };
    // The check itself, each call answered anew (the route reuses an answer for a second).
    const readiness = readinessCheck({ ...t.deps, disk: diskOf(free) }, { reuseMs: 0 });
    const base = readyButDisks;
    expect(await readiness()).toEqual({
      ...base,
      disk: "ok",
      disk_free_mb: { data_dir: 5000, uploads: 5000 },
    });

    free.data_dir = 150.5 * megabytes;
    expect(await readiness()).toEqual({
      ...base,
      status: "degraded",
      disk: "low",
      disk_free_mb: { data_dir: 150, uploads: 5000 },
    });

    free.data_dir = 5000 * megabytes;
    free.uploads = 0;
    expect(await readiness()).toEqual({
      ...base,
      status: "degraded",
      disk: "low",
      disk_free_mb: { data_dir: 5000, uploads: 0 },
    });

    // A disk whose space cannot be read is not taken for a full one.
    Object.assign(free, { data_dir: null, uploads: null });
    expect(await readiness()).toEqual({
      ...base,
      disk: "unknown",
      disk_free_mb: { data_dir: null, uploads: null },
    });
  });

  it("answers every probe: no throttle counts them", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async () => (await t.get("/readyz")).status),
    );
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});

describe.skipIf(skipDatabase)("/readyz without its database", () => {
  it("503 while the database is away, 200 again when it is back, /healthz 200 throughout", async () => {
    if (testDatabaseKind === "postgres") {
      const database = await createPostgresTestDatabase();
      const url = new URL(database.url);
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${proxy.port}`;
      const t = await createTestApp({ database: await openPostgres(url.toString()) });
      try {
        await readyzBecomes(t, 200, ready);
        await proxy.cut();
        await readyzBecomes(t, 503, databaseAway);
        expect((await t.get("/healthz")).status).toBe(200);
        await proxy.restore();
        await readyzBecomes(t, 200, ready);
      } finally {
        await proxy.restore();
        await t.close();
        await proxy.close();
        await database.drop();
      }
    } else {
      // The embedded database lives in the process: it is away once closed. The app follows no
      // session changes on it (there is nothing to stop listening to once it is closed), and
      // its own close() then stops its outbox, whose next pass would fail on a closed database.
      const database = await createTestDatabase();
      const t = await createTestApp({ database, hearsChanges: false });
      try {
        await readyzBecomes(t, 200, ready);
        await database.close();
        await readyzBecomes(t, 503, databaseAway);
        expect((await t.get("/healthz")).status).toBe(200);
      } finally {
        await t.close();
      }
    }
  });
});

describe.skipIf(skipDatabase)("health probes over a real socket", () => {
  // The site's middlewares must not see a probe: this site fails every request it gets.
  const site = new Hono().all("*", (c) => c.text("site", 500));
  const wire = perSuite(() => createListeningTestApp({}, site));

  it("answers GET and HEAD of both probes beside the site, uncached, with a request id", async () => {
    for (const method of ["GET", "HEAD"]) {
      for (const target of ["/healthz", "/readyz"]) {
        const answer = await fetch(`${wire.base}${target}`, { method });
        expect(answer.status, `${method} ${target}`).toBe(200);
        expect(answer.headers.get("cache-control")).toBe("no-store");
        expect(answer.headers.get("content-type")).toBe("application/json");
        expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
        const body = await answer.text();
        if (method === "HEAD") expect(body).toBe("");
        else expect(JSON.parse(body).status).toBe("ok");
      }
    }
    expect((await fetch(`${wire.base}/healthz-not`)).status).toBe(500);
  });

  it("answers a probe with a query (a monitor's cache-buster), not one with a trailing slash", async () => {
    for (const target of ["/healthz?probe=1", "/readyz?x=1", "/healthz?"]) {
      const answer = await fetch(`${wire.base}${target}`);
      expect(answer.status, target).toBe(200);
      expect(answer.headers.get("content-type")).toBe("application/json");
    }
    // An exact path, as the probes are documented: anything else is the site's.
    expect((await fetch(`${wire.base}/healthz/`)).status).toBe(500);
  });
});
