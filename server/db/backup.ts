/**
 * Backups of either database (docs/operations.md): the embedded PGlite data directory as a
 * gzipped tarball, PostgreSQL in pg_dump's custom format. `npm run db:backup` and
 * `npm run db:restore` call these; the running server's control socket calls dumpPglite.
 */
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { makeOwnerOnly } from "../data-dir.ts";
import { type Database, listeningConnectionName } from "./client.ts";

export type BackupKind = "pglite" | "postgres";

/** What kind of backup a file holds, by its first bytes (gzip, or pg_dump's "PGDMP"). */
export function backupKindOf(head: Buffer): BackupKind | undefined {
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  if (head.subarray(0, 5).toString("latin1") === "PGDMP") return "postgres";
  return undefined;
}

/** The PGlite instance behind a Drizzle database, or undefined when PostgreSQL is behind it. */
export function pgliteOf(db: Database): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client && typeof (client as PGlite).dumpDataDir === "function"
    ? (client as PGlite)
    : undefined;
}

/**
 * The whole embedded data directory, gzipped. Taken between transactions (PGlite runs one at a
 * time), so it holds every committed change and no half of one.
 */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  const tarball = await client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
  return Buffer.from(await tarball.arrayBuffer());
}

/** The same, of a data directory that no running server holds. */
export async function dumpPgliteDirectory(dataDir: string): Promise<Buffer> {
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new Error(`no hay base de datos embebida en ${dataDir}.`);
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite({ dataDir });
  await client.waitReady;
  try {
    return await dumpPglite(client);
  } finally {
    await client.close();
  }
}

/**
 * Replaces the embedded data directory `dataDir` with the backup's. The backup is unpacked
 * and opened beside it first, so a bad file leaves the current data untouched; the replaced
 * directory is kept (its path is returned) until the operator deletes it.
 */
export async function restorePglite(dataDir: string, backup: Buffer): Promise<string | undefined> {
  const { PGlite } = await import("@electric-sql/pglite");
  const incoming = `${dataDir}.restoring`;
  // A restore into a new DATA_DIR (trying a backup elsewhere) makes the folder, owner-only.
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o700 });
  rmSync(incoming, { recursive: true, force: true });
  try {
    const client = new PGlite({
      dataDir: incoming,
      loadDataDir: new Blob([new Uint8Array(backup)]),
    });
    await client.waitReady;
    await client.query("select count(*) from users");
    await client.close();
    // PGlite writes its files 0666 whatever the umask: owner-only, as the server demands.
    makeOwnerOnly(incoming, { evenWritable: true });
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
  let previous: string | undefined;
  if (existsSync(dataDir)) {
    previous = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    renameSync(dataDir, previous);
  }
  renameSync(incoming, dataDir);
  return previous;
}

/**
 * Connection settings for the PostgreSQL tools: the URL without its password, which goes in
 * PGPASSWORD so that `ps` never shows it.
 */
function postgresTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return {
    dbname: url.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** Runs a PostgreSQL client tool and returns what it wrote; rejects with its own error output. */
function runTool(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    let errors = "";
    child.stdout?.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(`${command} no está instalado (Debian: apt-get install postgresql-client).`)
          : error,
      ),
    );
    // A tool killed by a signal has no exit code: pg_restore does crash on some damaged files.
    child.on("close", (code, signal) =>
      code === 0
        ? resolve(Buffer.concat(out).toString())
        : reject(
            new Error(
              `${command}: ${errors.trim() || (signal ? `se detuvo con la señal ${signal} (¿archivo dañado?)` : `código ${code}`)}`,
            ),
          ),
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** pg_dump's custom format: compressed, restorable with pg_restore into any database. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = postgresTarget(databaseUrl);
  await runTool("pg_dump", ["--format=custom", `--file=${file}`, `--dbname=${dbname}`], { env });
}

/**
 * Puts the backup's schemas and data in place of the database's, in one transaction: the
 * app's schemas (public, and drizzle's migration journal) are dropped and restored together,
 * so tables of later migrations do not linger beside an older backup, and a failed restore
 * changes nothing.
 */
/**
 * How many running site instances are connected to the database: each holds one LISTEN
 * connection by its name. A restore under them would leave their session caches and the
 * requests in flight on data that is gone.
 */
export async function runningSites(databaseUrl: string): Promise<number> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ sites: number }>(
      "select count(*)::int as sites from pg_stat_activity where datname = current_database() and application_name = $1",
      [listeningConnectionName],
    );
    return rows[0]?.sites ?? 0;
  } finally {
    await client.end();
  }
}

export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = postgresTarget(databaseUrl);
  const script = await runTool("pg_restore", ["--no-owner", "--no-acl", "--file=-", file]);
  const clear = [
    "DROP SCHEMA IF EXISTS drizzle CASCADE;",
    "DROP SCHEMA IF EXISTS public CASCADE;",
    "CREATE SCHEMA public;",
  ].join("\n");
  await runTool(
    "psql",
    [
      "--no-psqlrc",
      "--quiet",
      "--single-transaction",
      "-v",
      "ON_ERROR_STOP=1",
      `--dbname=${dbname}`,
    ],
    { env, input: `${clear}\n${script}` },
  );
}

/** The first bytes of a file, to tell what kind of backup it holds. */
export function readHead(file: string): Buffer {
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(8);
    readSync(fd, head, 0, head.length, 0);
    return head;
  } finally {
    closeSync(fd);
  }
}
