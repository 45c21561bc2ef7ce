import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ControlSocket, startControlSocket } from "../server/control.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "../server/db/client.ts";
import { users } from "../server/db/schema.ts";
import { createUser } from "../server/users/create-user.ts";
import {
  createPostgresTestDatabase,
  skipDatabase,
  testDatabaseKind,
} from "../tests/support/database.ts";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run db:backup -- FILE` or `npm run db:restore -- FILE`, in its own process. */
function cli(command: "db-backup" | "db-restore", file: string, env: Record<string, string>) {
  return new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `scripts/${command}.ts`, file],
      {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", ...env },
        timeout: 120_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
  });
}

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "obra-backup-"));

const person = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@example.test`,
  password: "una-frase-bastante-larga",
  role: "admin",
  verified: true,
});

async function emails(database: DatabaseHandle): Promise<string[]> {
  const rows = await database.db.select({ email: users.email }).from(users).orderBy(users.email);
  return rows.map((row) => row.email);
}

/** Someone signs up and someone else is removed: what a restore must undo. */
async function changeData(database: DatabaseHandle) {
  await createUser(database.db, person("Bea"));
  await database.db.delete(users).where(eq(users.email, "ana@example.test"));
}

describe.skipIf(testDatabaseKind !== "pglite")("db:backup and db:restore, embedded", () => {
  const dataDir = tempDir();
  const env = { DATA_DIR: dataDir };
  const pgliteDir = path.join(dataDir, "pglite");
  /** The running site: the embedded database and its control socket. */
  let server: { database: DatabaseHandle; control: ControlSocket } | undefined;

  async function startServer() {
    const database = await openPglite({ dataDir: pgliteDir });
    const control = await startControlSocket({ db: database.db, dataDir });
    if (!control) throw new Error("control socket did not start");
    server = { database, control };
    return database;
  }
  async function stopServer() {
    await server?.control.close();
    await server?.database.close();
    server = undefined;
  }
  afterAll(stopServer);

  beforeAll(async () => {
    // A migrated database in DATA_DIR, as the site leaves it.
    const template = await openPglite({
      dataDir: pgliteDir,
      loadDataDir: new Blob([readFileSync(inject("pgliteDump"))]),
    });
    await template.close();
  });

  it("backs up the running site, refuses to restore under it, restores once it stops", {
    timeout: 300_000,
  }, async () => {
    const live = await startServer();
    await createUser(live.db, person("Ana"));
    const whileRunning = path.join(tempDir(), "running.backup");
    const backup = await cli("db-backup", whileRunning, env);
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toContain("a través del servidor en marcha");
    expect(backup.code).toBe(0);

    await changeData(live);
    const refused = await cli("db-restore", whileRunning, env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("el servidor está en marcha; detenlo antes de restaurar");
    expect(await emails(live)).toEqual(["bea@example.test"]);
    await stopServer();

    // With the site stopped, the backup reads the folder itself.
    const stopped = path.join(tempDir(), "stopped.backup");
    expect((await cli("db-backup", stopped, env)).code).toBe(0);

    const restored = await cli("db-restore", whileRunning, env);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toContain(`Restaurada la copia ${whileRunning} en ${pgliteDir}.`);
    expect(restored.stdout).toContain("Los datos que había se guardan en");
    let site = await startServer();
    expect(await emails(site)).toEqual(["ana@example.test"]);
    await stopServer();

    expect((await cli("db-restore", stopped, env)).code).toBe(0);
    site = await startServer();
    expect(await emails(site)).toEqual(["bea@example.test"]);
    await stopServer();

    // Trying a backup in a folder of its own (docs/operations.md): the folder is made for it.
    const elsewhere = path.join(tempDir(), "prueba");
    const tried = await cli("db-restore", whileRunning, { DATA_DIR: elsewhere });
    expect(tried.stderr).toBe("");
    expect(tried.code).toBe(0);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o700);
    const trial = await openPglite({ dataDir: path.join(elsewhere, "pglite") });
    expect(await emails(trial)).toEqual(["ana@example.test"]);
    await trial.close();
  });

  it("refuses a file that is not a backup of this kind of database", {
    timeout: 120_000,
  }, async () => {
    const folder = tempDir();
    writeFileSync(path.join(folder, "notes.txt"), "no soy una copia");
    writeFileSync(path.join(folder, "pg.backup"), "PGDMP\u0001\u000e\u0000");
    const notes = await cli("db-restore", path.join(folder, "notes.txt"), env);
    expect(notes.code).toBe(1);
    expect(notes.stderr).toContain("no es una copia hecha con npm run db:backup");
    const other = await cli("db-restore", path.join(folder, "pg.backup"), env);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain("es una copia de otra clase de base de datos");
    const missing = await cli("db-restore", path.join(folder, "nada.backup"), env);
    expect(missing.stderr).toContain("Error: no existe el archivo");
  });
});

describe.skipIf(testDatabaseKind !== "postgres" || skipDatabase)(
  "db:backup and db:restore, PostgreSQL",
  () => {
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
    let handle: DatabaseHandle;
    beforeAll(async () => {
      database = await createPostgresTestDatabase();
      handle = await openPostgres(database.url);
    });
    afterAll(async () => {
      await handle?.close();
      await database?.drop();
    });

    it("round-trips with pg_dump and pg_restore", { timeout: 120_000 }, async () => {
      const env = { DATA_DIR: tempDir(), DATABASE_URL: database.url };
      await createUser(handle.db, person("Ana"));
      const file = path.join(tempDir(), "obra.backup");
      const backup = await cli("db-backup", file, env);
      expect(backup.stderr).toBe("");
      expect(backup.stdout).toContain("Copia de PostgreSQL guardada en");
      expect(readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");

      await changeData(handle);
      // A table a later migration would add: it must not linger beside the older backup.
      await handle.db.execute("create table later_feature (id int)");
      // A running site (its LISTEN connection, as every instance holds one): refused, unchanged.
      const unlisten = await handle.listen("session_changes", { onNotify() {}, onLive() {} });
      const refused = await cli("db-restore", file, env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        "Error: hay 1 instancia del sitio conectada a la base de datos de DATABASE_URL; detenlas antes de restaurar (systemctl stop obra…) y arráncalas después.\n",
      );
      expect(await emails(handle)).toEqual(["bea@example.test"]);
      await unlisten();
      const restored = await cli("db-restore", file, env);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(await emails(handle)).toEqual(["ana@example.test"]);
      const { rows } = (await handle.db.execute(
        "select count(*)::int as n from pg_tables where tablename = 'later_feature'",
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n).toBe(0);
    });
  },
);
