import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ControlSocket, startControlSocket } from "../server/control.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "../server/db/client.ts";
import { contacts, users } from "../server/db/schema.ts";
import { createUser } from "../server/users/create-user.ts";
import {
  createPostgresTestDatabase,
  skipDatabase,
  testDatabaseKind,
} from "../tests/support/database.ts";
import { memoryGrowthMiB } from "../tests/support/memory-growth.ts";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run db:backup -- FILE` or `npm run db:restore -- FILE`, in its own process. */
function cli(
  command: "db-backup" | "db-restore",
  file: string,
  env: Record<string, string>,
  args: string[] = [],
) {
  return new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `scripts/${command}.ts`, file, ...args],
      {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", CI: "true", ...env },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/**
 * The most memory unpackPgliteBackup holds at once, in MiB, garbage collected before each
 * sample (tests/support/fixtures/unpack-memory.ts, in a process of its own).
 */
function unpackingGrowthMiB(file: string, into: string) {
  return new Promise<number>((resolve, reject) => {
    execFile(
      process.execPath,
      ["--expose-gc", "--import", "tsx", "tests/support/fixtures/unpack-memory.ts", file, into],
      { cwd: path.resolve(import.meta.dirname, ".."), timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve((JSON.parse(stdout) as { growthMiB: number }).growthMiB);
      },
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

/**
 * Someone signs up, someone else is removed, and a quote request comes in: what a restore
 * must undo, and the lead it takes away.
 */
async function changeData(database: DatabaseHandle) {
  await createUser(database.db, person("Bea"));
  await database.db.delete(users).where(eq(users.email, "ana@example.test"));
  await database.db.insert(contacts).values({
    name: "Carmen",
    email: "carmen@example.test",
    subject: "Reforma de cocina",
    message: "Quiero reformar la cocina.",
  });
}

async function leads(database: DatabaseHandle): Promise<string[]> {
  const rows = await database.db.select({ name: contacts.name }).from(contacts);
  return rows.map((row) => row.name);
}

/**
 * `npm run db:restore -- FILE` on a terminal (util-linux's `script` gives it one), typing
 * `answer` once it asks; returns everything the terminal showed.
 */
function restoreOnTerminal(file: string, env: Record<string, string>, answer: string) {
  const command = [process.execPath, "--import", "tsx", "scripts/db-restore.ts", file]
    .map((word) => `'${word}'`)
    .join(" ");
  return new Promise<{ code: number | null; screen: string }>((resolve, reject) => {
    const child = spawn("script", ["-qec", command, "/dev/null"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", CI: "", ...env },
    });
    let screen = "";
    let asked = false;
    child.stdout.on("data", (chunk: Buffer) => {
      screen += chunk.toString();
      if (!asked && screen.includes("Escribe «sí» para seguir: ")) {
        asked = true;
        child.stdin.write(`${answer}\r`);
      }
    });
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, screen });
    });
  });
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

  it("backs up the running site, refuses to restore under it, restores once it stops, asking before it takes leads away", {
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
    // A backup made now restores with the previous version too (PGlite's own loadDataDir).
    const previousVersion = await openPglite({
      loadDataDir: new Blob([readFileSync(stopped)]),
    });
    expect(await emails(previousVersion)).toEqual(["bea@example.test"]);
    await previousVersion.close();

    // Carmen's request came after the backup: without a terminal to ask, nothing happens.
    const unasked = await cli("db-restore", whileRunning, env);
    expect(unasked.stdout).toContain(
      "Atención: la base de datos actual tiene 1 contacto (solicitud) posterior a la copia",
    );
    expect(unasked.stderr).toBe(
      `Error: no se ha restaurado nada. Para restaurar de todos modos: npm run db:restore -- ${whileRunning} --yes\n`,
    );
    expect(unasked.code).toBe(1);
    let site = await startServer();
    expect(await leads(site)).toEqual(["Carmen"]);
    await stopServer();

    // On a terminal it asks; «sí» restores.
    const asked = await restoreOnTerminal(whileRunning, env, "sí");
    expect(asked.screen).toContain("1 contacto (solicitud) posterior a la copia");
    expect(asked.screen).toContain(`Restaurada la copia ${whileRunning} en ${pgliteDir}.`);
    expect(asked.screen).toContain("Los datos que había se guardan en");
    expect(asked.code).toBe(0);
    site = await startServer();
    expect(await emails(site)).toEqual(["ana@example.test"]);
    expect(await leads(site)).toEqual([]);
    await stopServer();

    const again = await cli("db-restore", stopped, env);
    expect(again.stdout).toContain(
      "Ningún contacto de la base de datos actual es posterior a la copia",
    );
    expect(again.code).toBe(0);
    site = await startServer();
    expect(await emails(site)).toEqual(["bea@example.test"]);
    expect(await leads(site)).toEqual(["Carmen"]);
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

  it("backs up a database of photos through the running site without holding it in memory, and restores it in bounded memory", {
    timeout: 300_000,
  }, async () => {
    // 32 MiB of incompressible bytes, as photos are: the folder is as large on disk.
    const site = await startServer();
    await site.db.execute("create table ballast (photo bytea not null)");
    for (let i = 0; i < 8; i++) {
      await site.db.execute(sql`insert into ballast values (${randomBytes(4 * 1024 * 1024)})`);
    }
    const large = path.join(tempDir(), "large.backup");
    let backup: Run | undefined;
    const growth = await memoryGrowthMiB(async () => {
      backup = await cli("db-backup", large, env);
    });
    expect(backup?.stderr).toBe("");
    expect(backup?.code).toBe(0);
    expect(statSync(large).size).toBeGreaterThan(32 * 1024 * 1024);
    // The site kept the copy on disk: not the 32 MiB, nor a tarball or a string of them.
    expect(growth).toBeLessThan(12);
    await stopServer();

    // The restore unpacks as it reads: it holds a few MiB at a time, not the photos' 32 (4 MiB
    // here; reading the file whole first holds 31). Measured on the unpacking alone: a whole
    // restore's peak is the two PGlite instances it opens, whose memory the collector frees at
    // its own pace (±130 MiB between two runs). And measured in a process of its own that
    // collects before each sample: measured here, garbage not yet collected counted too, and a
    // loaded machine's collector lagged to 36 MiB over the start (decision 195). A quiet machine
    // holds 4 MiB; one busy with other tests writes the files more slowly and held 16.06 (CI,
    // 2026-11-27): the stream's buffers full, but bounded. 24 still fails a whole file read first (31 to 40).
    const unpacked = path.join(tempDir(), "pglite");
    expect(await unpackingGrowthMiB(large, unpacked)).toBeLessThan(24);
    expect(statSync(path.join(unpacked, "PG_VERSION")).isFile()).toBe(true);
    // A backup packed by PGlite's own dumpDataDir, as every backup was before, still restores.
    const restoredOld = await cli("db-restore", inject("pgliteDump"), env, ["--yes"]);
    expect(restoredOld.code).toBe(0);
    const restoredLarge = await cli("db-restore", large, env);
    expect(restoredLarge.stderr).toBe("");
    expect(restoredLarge.code).toBe(0);
    const back = await startServer();
    const { rows } = (await back.db.execute(
      "select count(*)::int as n, sum(length(photo))::int as bytes from ballast",
    )) as unknown as { rows: { n: number; bytes: number }[] };
    expect(rows[0]).toEqual({ n: 8, bytes: 32 * 1024 * 1024 });
    await stopServer();
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

      // Carmen's request came after the backup: not without --yes when nobody can be asked.
      const unasked = await cli("db-restore", file, env);
      expect(unasked.stdout).toContain(
        "Atención: la base de datos actual tiene 1 contacto (solicitud) posterior a la copia",
      );
      expect(unasked.code).toBe(1);
      expect(await leads(handle)).toEqual(["Carmen"]);

      // A backup whose last bytes are lost: pg_restore fails after psql has dropped the
      // schemas and begun loading; psql is stopped and the transaction rolls back.
      const damaged = path.join(tempDir(), "damaged.backup");
      const whole = readFileSync(file);
      writeFileSync(damaged, whole.subarray(0, whole.length - 64));
      const failed = await cli("db-restore", damaged, env, ["--yes"]);
      expect(failed.stderr).toContain("Error: no se ha restaurado la copia: pg_restore:");
      expect(failed.code).toBe(1);
      expect(await emails(handle)).toEqual(["bea@example.test"]);
      expect(await leads(handle)).toEqual(["Carmen"]);

      const restored = await cli("db-restore", file, env, ["--yes"]);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(await emails(handle)).toEqual(["ana@example.test"]);
      expect(await leads(handle)).toEqual([]);
      const { rows } = (await handle.db.execute(
        "select count(*)::int as n from pg_tables where tablename = 'later_feature'",
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n).toBe(0);

      // What the database held is kept beside the backup, and restores like any backup.
      const kept = /Los datos que había se guardan en (\S+) /.exec(restored.stdout)?.[1] ?? "";
      expect(path.dirname(kept)).toBe(path.dirname(file));
      expect(path.basename(kept)).toMatch(/^obra\.backup\.before-restore-\d{4}-\d\d-\d\dT/);
      expect(statSync(kept).mode & 0o777).toBe(0o600);
      const back = await cli("db-restore", kept, env, ["--yes"]);
      expect(back.code).toBe(0);
      expect(await emails(handle)).toEqual(["bea@example.test"]);
      expect(await leads(handle)).toEqual(["Carmen"]);
    });
  },
);
