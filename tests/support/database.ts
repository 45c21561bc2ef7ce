import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { makeOwnerOnly } from "../../server/data-dir.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "../../server/db/client.ts";
import { type Env, parseEnv } from "../../server/env.ts";
import { opened } from "./left-open.ts";
import { adminUrl, databaseUrl, templateName, testDatabaseName } from "./postgres.ts";

/** Which database this test project runs on: set per Vitest project (vitest.config.ts). */
export const testDatabaseKind = (process.env.TEST_DB ?? "pglite") as "pglite" | "postgres";

/** True when this project's database cannot run here (PostgreSQL absent outside CI). */
export const skipDatabase = testDatabaseKind === "postgres" && !inject("postgresAvailable");

let pgliteDump: Blob | undefined;

/**
 * A fresh, migrated database of its own for one test file (or one test), which the test closes
 * (tests/support/each-file.ts fails a file that does not). Closing it again does nothing: a test
 * may take the database away from its app, then close the app.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const handle = await openTestDatabase();
  const closed = opened(`a ${testDatabaseKind} test database`);
  let closing: Promise<void> | undefined;
  return {
    ...handle,
    close: () => {
      closing ??= handle.close().finally(closed);
      return closing;
    },
  };
}

async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === "pglite") {
    pgliteDump ??= new Blob([readFileSync(inject("pgliteDump"))]);
    return openPglite({ loadDataDir: pgliteDump });
  }
  const database = await createPostgresTestDatabase();
  const handle = await openPostgres(database.url);
  return {
    ...handle,
    async close() {
      await handle.close();
      await database.drop();
    },
  };
}

let migratedFolder: Promise<string> | undefined;

/**
 * A DATA_DIR of its own holding a migrated embedded database, as a server leaves it: a copy of
 * this run's. A test that starts a server or a command on it then spends no seconds creating
 * and migrating one first (decision 170); one that tests that creation starts empty instead.
 */
export async function migratedDataDir(): Promise<string> {
  migratedFolder ??= (async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "obra-migrated-"));
    pgliteDump ??= new Blob([readFileSync(inject("pgliteDump"))]);
    const database = await openPglite({
      dataDir: path.join(dataDir, "pglite"),
      loadDataDir: pgliteDump,
    });
    await database.close();
    // PGlite gives its files mode 0666, which the server refuses in DATA_DIR; it mends its own
    // folder as it makes it (server/data-dir.ts), and this one likewise.
    makeOwnerOnly(dataDir, { evenWritable: true });
    return dataDir;
  })();
  const copy = mkdtempSync(path.join(os.tmpdir(), "obra-migrated-"));
  cpSync(await migratedFolder, copy, { recursive: true });
  return copy;
}

/** A PostgreSQL database copied from this run's template; the caller connects as it likes. */
export async function createPostgresTestDatabase() {
  const runPid = inject("runPid");
  const name = testDatabaseName(runPid, randomBytes(4).toString("hex"));
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${templateName(runPid)}"`);
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

/**
 * Settings for `boot()` as the server starts, on a database of its own: a copy of the migrated
 * embedded database, or a new PostgreSQL database beside a fresh DATA_DIR. `drop` removes the
 * PostgreSQL one (after the server has closed).
 */
export async function bootSettings(): Promise<{ env: Env; drop(): Promise<void> }> {
  const common = { NODE_ENV: "test", APP_URL: "http://localhost:3000" };
  if (testDatabaseKind !== "postgres") {
    return {
      env: parseEnv({ ...common, DATA_DIR: await migratedDataDir() }),
      drop: async () => {},
    };
  }
  const database = await createPostgresTestDatabase();
  const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "obra-boot-"));
  return {
    env: parseEnv({ ...common, DATA_DIR, DATABASE_URL: database.url }),
    drop: database.drop,
  };
}
