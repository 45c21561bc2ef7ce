import { randomBytes } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { adminUrl, databaseUrl, testDatabaseName } from "../../tests/support/postgres.ts";
import { migrateDatabase, openPostgres } from "./client.ts";

const postgresAvailable = process.env.TEST_DB === "postgres" && inject("postgresAvailable");

/** An empty database (not the migrated template): what a first deploy finds. */
async function freshDatabase() {
  const { default: pg } = await import("pg");
  const name = testDatabaseName(inject("runPid"), `mig${randomBytes(3).toString("hex")}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return {
    url: databaseUrl(name),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

// Issue 15: two instances started together on a fresh database crashed in the migrator
// (duplicate key value violates unique constraint "pg_namespace_nspname_index").
describe.runIf(postgresAvailable)("migrations on a fresh PostgreSQL database", () => {
  it("four instances migrating at once all succeed, and the schema is made once", async () => {
    const database = await freshDatabase();
    try {
      const env = { DATABASE_URL: database.url, DATA_DIR: "./data-unused" };
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => migrateDatabase(env)));
      expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual([
        "ok",
        "ok",
        "ok",
        "ok",
      ]);

      const handle = await openPostgres(database.url);
      try {
        const { default: migrations } = await import("./migrations/meta/_journal.json", {
          with: { type: "json" },
        });
        const applied = (await handle.db.execute(
          "select count(*)::int as n from drizzle.__drizzle_migrations",
        )) as unknown as { rows: unknown[] };
        expect(applied.rows[0]).toEqual({ n: migrations.entries.length });
      } finally {
        await handle.close();
      }
    } finally {
      await database.drop();
    }
  }, 60_000);
});
