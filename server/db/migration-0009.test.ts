import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { testDatabaseKind } from "../../tests/support/database.ts";
import { adminUrl, databaseUrl, testDatabaseName } from "../../tests/support/postgres.ts";
import { migrationsFolder } from "./client.ts";

/**
 * Migration 0009 (decision 140) on a database holding leads from before it: answered ones
 * ("handled") become "contactado", the others "nuevo", and nothing else about them changes.
 */
const skip = testDatabaseKind === "postgres" && !inject("postgresAvailable");

/** The migrations folder as it was before 0009 (journal entries below idx 9). */
function foldersBefore0009() {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), "obra-mig-"));
  mkdirSync(path.join(dir, "meta"));
  const entries = journal.entries.filter((entry: { idx: number }) => entry.idx < 9);
  for (const entry of entries as { tag: string }[]) {
    copyFileSync(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(dir, `${entry.tag}.sql`),
    );
  }
  writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

interface Sql {
  query(text: string): Promise<Record<string, unknown>[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function emptyDatabase(): Promise<Sql> {
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
  const name = testDatabaseName(inject("runPid"), `m9${randomBytes(3).toString("hex")}`);
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

describe.skipIf(skip)("migration 0009: handled leads into the pipeline", () => {
  let database: Sql | undefined;
  afterAll(() => database?.close());

  it("turns handled into contactado and the rest into nuevo, losing nothing", async () => {
    database = await emptyDatabase();
    await database.migrate(foldersBefore0009());
    await database.query(`
      insert into contacts (name, email, subject, message, handled, created_at, updated_at) values
        ('Atendida', 'a@example.test', 'Cocina', 'Hola', true, '2026-01-02T10:00:00Z', '2026-01-05T09:00:00Z'),
        ('Pendiente', null, 'Baño', 'Buenas', false, '2026-01-03T10:00:00Z', '2026-01-03T10:00:00Z')`);

    await database.migrate(migrationsFolder);
    const rows = await database.query(
      `select name, email, subject, message, handled, status, lost_reason, assignee_id,
              status_changed_at, created_at from contacts order by id`,
    );
    expect(rows).toEqual([
      {
        name: "Atendida",
        email: "a@example.test",
        subject: "Cocina",
        message: "Hola",
        handled: true,
        status: "contactado",
        lost_reason: null,
        assignee_id: null,
        status_changed_at: new Date("2026-01-05T09:00:00Z"),
        created_at: new Date("2026-01-02T10:00:00Z"),
      },
      {
        name: "Pendiente",
        email: null,
        subject: "Baño",
        message: "Buenas",
        handled: false,
        status: "nuevo",
        lost_reason: null,
        assignee_id: null,
        status_changed_at: null,
        created_at: new Date("2026-01-03T10:00:00Z"),
      },
    ]);
    // Only the statuses of the pipeline are stored.
    await expect(database.query(`update contacts set status = 'archivado'`)).rejects.toThrow();
    // The audit log is the super admins' section alone.
    const holders = await database.query(`
      select r.name from role_permissions rp
        join roles r on r.id = rp.role_id join permissions p on p.id = rp.permission_id
      where p.key = 'audit'`);
    expect(holders).toEqual([{ name: "super_admin" }]);
  });
});
