// A database migrated up to a point, filled as an older version left it, then migrated on: how a
// migration's backfill is tested (server/db/migration-0009.test.ts, migration-0017.test.ts).
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject, onTestFinished } from "vitest";
import { migrationsFolder } from "../../server/db/client.ts";
import { testDatabaseKind } from "./database.ts";
import { adminUrl, databaseUrl, testDatabaseName } from "./postgres.ts";

export const skipMigrationTests = testDatabaseKind === "postgres" && !inject("postgresAvailable");

/** The migrations folder as it was before migration `idx` (journal entries below it). */
export function migrationsBefore(idx: number) {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), "obra-mig-"));
  mkdirSync(path.join(dir, "meta"));
  const entries = journal.entries.filter((entry: { idx: number }) => entry.idx < idx);
  for (const entry of entries as { tag: string }[]) {
    copyFileSync(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(dir, `${entry.tag}.sql`),
    );
  }
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

export interface Sql {
  query(text: string): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** A database with no tables, on the kind the run tests (PGlite or PostgreSQL). */
export async function emptyDatabase(): Promise<Sql> {
  if (testDatabaseKind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = new PGlite();
    const db = drizzle({ client });
    return {
      query: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
      migrate: (folder) => migrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const name = testDatabaseName(inject("runPid"), `mg${randomBytes(3).toString("hex")}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: databaseUrl(name), max: 2 });
  const db = drizzle({ client: pool });
  return {
    query: async (text) => (await pool.query(text)).rows,
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    async close() {
      await pool.end();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A database as the version before migration `idx` left it, closed when the test ends: a test
 * fills it as that version would, then migrates on with `migrate(migrationsFolder)`.
 */
export async function databaseBefore(idx: number): Promise<Sql> {
  const database = await emptyDatabase();
  onTestFinished(() => database.close());
  await database.migrate(migrationsBefore(idx));
  return database;
}
