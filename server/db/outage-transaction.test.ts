import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPostgresTestDatabase,
  skipDatabase,
  testDatabaseKind,
} from "../../tests/support/database.ts";
import { startTcpProxy } from "../../tests/support/tcp-proxy.ts";
import { type DatabaseHandle, openPostgres } from "./client.ts";
import { isDatabaseUnavailable } from "./errors.ts";

// Found by bench/faults (database outage under load): the server process died when PostgreSQL
// went away while a request held a transaction open.
describe.skipIf(skipDatabase || testDatabaseKind !== "postgres")(
  "losing the database in the middle of a transaction",
  () => {
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
    let handle: DatabaseHandle;

    beforeAll(async () => {
      database = await createPostgresTestDatabase();
      const url = new URL(database.url);
      proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${proxy.port}`;
      handle = await openPostgres(url.toString());
    });
    afterAll(async () => {
      await proxy.restore();
      await handle.close();
      await proxy.close();
      await database.drop();
    });

    it("fails that transaction as 'unavailable' without an uncaught error, then recovers", async () => {
      const uncaught: unknown[] = [];
      const record = (error: unknown) => uncaught.push(error);
      process.on("uncaughtException", record);
      try {
        const outcome = await handle.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await proxy.cut();
            // The client learns of the lost connection while no query of its own is running.
            await new Promise((r) => setTimeout(r, 200));
            await tx.execute(sql`select 2`);
          })
          .then(
            () => "committed",
            (error: unknown) => error,
          );
        expect(isDatabaseUnavailable(outcome)).toBe(true);
        expect(uncaught).toEqual([]);
      } finally {
        process.off("uncaughtException", record);
        await proxy.restore();
      }
      const result = (await handle.db.execute(sql`select 3 as n`)) as unknown as {
        rows: unknown[];
      };
      expect(result.rows).toEqual([{ n: 3 }]);
    });

    it("a transaction that cannot get a connection fails as 'unavailable' (the pool's bare ECONNREFUSED)", async () => {
      await proxy.cut();
      try {
        // The pool's idle connection hears of the cut and is dropped: the next one is new.
        await new Promise((r) => setTimeout(r, 200));
        const outcome = await handle.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
          })
          .then(
            () => "committed",
            (error: unknown) => error,
          );
        expect((outcome as { code?: string }).code).toBe("ECONNREFUSED");
        expect(isDatabaseUnavailable(outcome)).toBe(true);
      } finally {
        await proxy.restore();
      }
    });
  },
);
