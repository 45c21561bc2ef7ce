/**
 * Backups of either database (docs/operations.md): the embedded PGlite data directory as a
 * gzipped tarball, PostgreSQL in pg_dump's custom format. `npm run db:backup` and
 * `npm run db:restore` call these; the running server's control socket calls snapshotPglite.
 * Nothing here holds a database in memory: files are copied, packed and unpacked as streams
 * (decision 087), whatever the size of the photos the database keeps.
 */
import { spawn } from "node:child_process";
import {
  closeSync,
  constants,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
} from "node:fs";
import { copyFile, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { packTar, unpackTar } from "modern-tar/fs";
import pLimit from "p-limit";
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

/** A moment as a file name's part: 2026-11-27T10-15-00-000Z. */
export const fileTime = (at = new Date()) => at.toISOString().replace(/[:.]/g, "-");

/** Copies taken by the running site for `db:backup`, beside its data folder. */
const snapshotInfix = ".snapshot-";

/**
 * A copy of the running site's embedded data folder, beside it (`pglite.snapshot-<time>`),
 * for `npm run db:backup` to pack and delete. Taken while no query runs (PGlite runs one at a
 * time, and between them nothing in the folder changes), so it holds every committed change
 * and no half of one, as a copy after a power cut would: PostgreSQL opens it as such. Only the
 * file copy waits for the database, not the packing: a 200 MB folder keeps quotes waiting a
 * fraction of a second, and the event loop stays free (the copy runs on libuv's threads).
 */
export async function snapshotPglite(client: PGlite): Promise<string> {
  const dataDir = client.dataDir;
  if (!dataDir || dataDir.startsWith("memory://") || !existsSync(dataDir)) {
    throw new Error("esta base de datos embebida no está en una carpeta que se pueda copiar.");
  }
  const snapshot = `${path.resolve(dataDir)}${snapshotInfix}${fileTime()}`;
  // The public query(), exec() and transaction() take the transaction lock before the query
  // lock (PGlite's close() takes both so, too): holding both, nothing runs in the database.
  await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(() => copyFolder(dataDir, snapshot)),
  );
  return snapshot;
}

/** Snapshots left by a backup that was killed half way: the site removes them as it starts. */
export function removeLeftSnapshots(dataDir: string) {
  const folder = path.dirname(path.resolve(dataDir));
  const prefix = `${path.basename(dataDir)}${snapshotInfix}`;
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    if (name.startsWith(prefix)) rmSync(path.join(folder, name), { recursive: true, force: true });
  }
}

/**
 * Copies a folder's files and subfolders, a few files at a time, each in the kernel
 * (copy_file_range; a reflink where the filesystem can share the blocks).
 */
async function copyFolder(from: string, to: string, limit = pLimit(8)): Promise<void> {
  await mkdir(to, { mode: 0o700 });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) return copyFolder(source, target, limit);
      // PGlite's folder holds files and folders only; anything else is not the database's.
      if (!entry.isFile()) return undefined;
      return limit(() => copyFile(source, target, constants.COPYFILE_FICLONE));
    }),
  );
}

/**
 * A data folder, packed and gzipped into `file` (mode 0600) as it is read: the format of
 * PGlite's own dumpDataDir("gzip"), which earlier versions wrote and PGlite can load.
 */
export async function packPgliteFolder(folder: string, file: string): Promise<void> {
  if (!existsSync(path.join(folder, "PG_VERSION"))) {
    throw new Error(`no hay base de datos embebida en ${folder}.`);
  }
  await pipeline(packTar(folder), createGzip(), createWriteStream(file, { mode: 0o600 }));
}

/** The backup in `file` unpacked into the new folder `into`, as it is read. */
export async function unpackPgliteBackup(file: string, into: string): Promise<void> {
  await pipeline(
    createReadStream(file),
    createGunzip(),
    unpackTar(into, { dmode: 0o700, fmode: 0o600 }),
  );
}

/** What `db:restore` knows of a backup once it is unpacked and opened beside the data. */
export interface IncomingPglite {
  /** The unpacked backup (`pglite.restoring`), not yet in place. */
  folder: string;
  /** The newest lead in the backup, as PostgreSQL writes a timestamptz; null if none. */
  newestLead: string | null;
}

/**
 * Unpacks the backup beside the embedded data directory `dataDir` (`pglite.restoring`) and
 * opens it, so a bad file leaves the current data untouched. Put it in place with
 * putRestoredInPlace, or drop it with rmSync.
 */
export async function unpackPgliteRestore(dataDir: string, file: string): Promise<IncomingPglite> {
  const { PGlite } = await import("@electric-sql/pglite");
  const incoming = `${dataDir}.restoring`;
  // A restore into a new DATA_DIR (trying a backup elsewhere) makes the folder, owner-only.
  mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o700 });
  rmSync(incoming, { recursive: true, force: true });
  try {
    await unpackPgliteBackup(file, incoming);
    const client = new PGlite({ dataDir: incoming });
    await client.waitReady;
    let newestLead: string | null;
    try {
      await client.query("select count(*) from users");
      newestLead = await newestLeadIn((text, params) => client.query(text, params));
    } finally {
      await client.close();
    }
    // PGlite writes its files 0666 whatever the umask: owner-only, as the server demands.
    makeOwnerOnly(incoming, { evenWritable: true });
    return { folder: incoming, newestLead };
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Leads (contacts) of the embedded database in `dataDir` newer than `newest` (all of them when
 * null): what a restore would take away. 0 when there is no database there yet.
 */
export async function newerLeadsInPglite(dataDir: string, newest: string | null): Promise<number> {
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) return 0;
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite({ dataDir });
  await client.waitReady;
  try {
    return await newerLeads((text, params) => client.query(text, params), newest);
  } finally {
    await client.close();
  }
}

/**
 * Moves the current data directory to `pglite.before-restore-<time>` (returned; undefined when
 * there was none) and the unpacked backup into its place.
 */
export function putRestoredInPlace(dataDir: string, incoming: string): string | undefined {
  let previous: string | undefined;
  if (existsSync(dataDir)) {
    previous = `${dataDir}.before-restore-${fileTime()}`;
    renameSync(dataDir, previous);
  }
  renameSync(incoming, dataDir);
  return previous;
}

/** Runs one query on either driver; both answer `{ rows }`. */
type Query = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

async function hasLeadsTable(query: Query): Promise<boolean> {
  const { rows } = await query("select to_regclass('public.contacts') is not null as present");
  return (rows[0] as { present: boolean } | undefined)?.present === true;
}

/** The newest lead's created_at as text (full precision, with its offset), or null. */
async function newestLeadIn(query: Query): Promise<string | null> {
  if (!(await hasLeadsTable(query))) return null;
  const { rows } = await query("select max(created_at)::text as newest from contacts");
  return (rows[0] as { newest: string | null } | undefined)?.newest ?? null;
}

async function newerLeads(query: Query, newest: string | null): Promise<number> {
  if (!(await hasLeadsTable(query))) return 0;
  const { rows } =
    newest === null
      ? await query("select count(*)::int as newer from contacts")
      : await query("select count(*)::int as newer from contacts where created_at > $1", [newest]);
  return (rows[0] as { newer: number } | undefined)?.newer ?? 0;
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

/** pg_dump's custom format: compressed, restorable with pg_restore into any database. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = postgresTarget(databaseUrl);
  const child = spawn("pg_dump", ["--format=custom", `--file=${file}`, `--dbname=${dbname}`], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const failure = await exitOf(child, "pg_dump");
  if (failure) throw failure;
}

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

/** Leads in the database of `databaseUrl` newer than `newest` (all of them when null). */
export async function newerLeadsInPostgres(
  databaseUrl: string,
  newest: string | null,
): Promise<number> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await newerLeads((text, params) => client.query(text, params), newest);
  } finally {
    await client.end();
  }
}

/**
 * The newest lead's created_at in a pg_dump backup, read from the contacts table's rows
 * (pg_restore reaches them through the archive's table of contents, not the photos), or null
 * when it has none.
 */
export async function newestLeadInPostgresBackup(file: string): Promise<string | null> {
  const child = spawn("pg_restore", ["--data-only", "--table=contacts", "--file=-", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = exitOf(child, "pg_restore");
  let column = -1;
  let newest: { micros: number; text: string } | null = null;
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    if (column === -1) {
      const copy = /^COPY public\.contacts \((.*)\) FROM stdin;$/.exec(line);
      if (copy?.[1]) column = copy[1].split(", ").indexOf("created_at");
      continue;
    }
    if (line === "\\.") break;
    // COPY's text format escapes tabs inside values: a row splits on them exactly.
    const text = line.split("\t")[column] ?? "";
    const micros = timestampMicros(text);
    if (micros === undefined)
      throw new Error(`fecha de contacto no reconocida en la copia: ${text}`);
    if (!newest || micros > newest.micros) newest = { micros, text };
  }
  child.stdout.resume();
  const failed = await exited;
  if (failed) throw failed;
  return newest?.text ?? null;
}

/**
 * Microseconds since 1970 of a timestamptz as PostgreSQL writes it in ISO style
 * (`2026-11-27 10:15:00.123456+01`), undefined for anything else.
 */
export function timestampMicros(text: string): number | undefined {
  const match =
    /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?([+-])(\d\d)(?::(\d\d))?(?::(\d\d))?$/.exec(
      text,
    );
  if (!match) return undefined;
  const [year, month, day, hour, minute, second, , , oh, om, os] = match.slice(1).map(Number);
  const fraction = match[7] ?? "";
  const utc = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second);
  const offsetSeconds =
    (match[8] === "-" ? -1 : 1) * ((oh ?? 0) * 3600 + (om || 0) * 60 + (os || 0));
  return (utc / 1000 - offsetSeconds) * 1_000_000 + Number(fraction.padEnd(6, "0"));
}

/**
 * Puts the backup's schemas and data in place of the database's, in one transaction: the
 * app's schemas (public, and drizzle's migration journal) are dropped and restored together,
 * so tables of later migrations do not linger beside an older backup, and a failed restore
 * changes nothing. pg_restore's script flows into psql as it is written (a database of photos
 * is hundreds of megabytes of SQL); psql commits only once pg_restore has finished well, and
 * is stopped, rolling everything back, when it has not.
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const { dbname, env } = postgresTarget(databaseUrl);
  const psql = spawn(
    "psql",
    [
      "--no-psqlrc",
      "--quiet",
      "--single-transaction",
      "-v",
      "ON_ERROR_STOP=1",
      `--dbname=${dbname}`,
    ],
    { env, stdio: ["pipe", "ignore", "pipe"] },
  );
  const psqlExited = exitOf(psql, "psql");
  // psql stopping first (a failed statement) breaks the pipe: its own exit says why.
  psql.stdin.on("error", () => {});
  psql.stdin.write(
    [
      "DROP SCHEMA IF EXISTS drizzle CASCADE;",
      "DROP SCHEMA IF EXISTS public CASCADE;",
      "CREATE SCHEMA public;",
      "",
    ].join("\n"),
  );
  const restore = spawn("pg_restore", ["--no-owner", "--no-acl", "--file=-", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let psqlFailure: Error | undefined;
  let psqlDone = false;
  psqlExited.then((failure) => {
    psqlDone = true;
    psqlFailure = failure;
    if (failure) restore.kill();
  });
  // Not ended with pg_restore's output: the end of input is psql's signal to commit.
  restore.stdout.pipe(psql.stdin, { end: false });
  const restoreFailure = await exitOf(restore, "pg_restore");
  if (restoreFailure || (psqlDone && psqlFailure)) {
    // psql failing first stopped pg_restore: psql's own error says why.
    const cause = (psqlDone && psqlFailure) || restoreFailure;
    psql.kill();
    await psqlExited;
    throw cause;
  }
  psql.stdin.end();
  const failure = await psqlExited;
  if (failure) throw failure;
}

/**
 * Resolves when a PostgreSQL client tool ends: undefined when it ended well, else an error
 * with its own error output (or why it could not start). A tool killed by a signal has no exit
 * code: pg_restore does crash on some damaged files.
 */
function exitOf(child: ReturnType<typeof spawn>, command: string): Promise<Error | undefined> {
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise((resolve) => {
    child.on("error", (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === "ENOENT"
          ? new Error(`${command} no está instalado (Debian: apt-get install postgresql-client).`)
          : error,
      ),
    );
    child.on("close", (code, signal) =>
      resolve(
        code === 0
          ? undefined
          : new Error(
              `${command}: ${errors.trim() || (signal ? `se detuvo con la señal ${signal} (¿archivo dañado?)` : `código ${code}`)}`,
            ),
      ),
    );
  });
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
