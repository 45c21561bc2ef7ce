import { mkdirSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import {
  lockEmbeddedDatabase,
  makeDataDir,
  makeOwnerOnly,
  prepareDataDir,
  StartRefused,
} from "../data-dir.ts";
import { log } from "../log.ts";
import { databaseRefused, fromDatabase, isDiskFull } from "./errors.ts";
import { startRefusedForSpace, watchEmbeddedDatabase } from "./pglite-crash.ts";
import { namedFileError } from "./pglite-file-errors.ts";
import * as schema from "./schema.ts";

/** The one database type the app sees, whether PGlite or a PostgreSQL server is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Follows NOTIFY on `channel` until the returned function is called. */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface NotificationListener {
  onNotify(payload: string): void;
  /** False while notifications may be missed (the connection is lost), true once listening. */
  onLive(live: boolean): void;
}

/** Migrations sit in the source tree; found from the project root, since bundling moves modules. */
export const migrationsFolder =
  process.env.MIGRATIONS_DIR ?? path.resolve(process.cwd(), "server/db/migrations");

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on("error", (error) => log.error({ err: error }, "db: idle client error"));
  // A client checked out of the pool (a transaction between two statements) has no listener of
  // the pool's: losing the server then emits an unhandled 'error' that would kill the process.
  // The transaction's own next query fails with the same cause and the request answers 503.
  pool.on("connect", (client) => client.on("error", () => {}));
  // A transaction's connection that cannot be made fails with the socket's bare error
  // (ECONNREFUSED), outside any query: marked as the database's, so the request answers 503
  // (isDatabaseUnavailable). pg-pool's own query() passes a callback and is left as it is.
  const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<unknown> | undefined;
  pool.connect = ((callback?: unknown) =>
    callback === undefined
      ? connect()?.catch((error: unknown) => {
          throw fromDatabase(error);
        })
      : connect(callback)) as typeof pool.connect;
  // The first connection tells whether DATABASE_URL is right, in one line (databaseRefused).
  await pool.query("select 1").catch(async (error: unknown) => {
    await pool.end().catch(() => {});
    throw databaseRefused(error, url);
  });
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    listen: (channel, listener) => listenOnPostgres(url, channel, listener),
    close: () => pool.end(),
  };
}

/**
 * The name PostgreSQL shows for a running site's LISTEN connection, which every instance holds
 * while it runs: `npm run db:restore` looks for it (pg_stat_activity) before replacing the data.
 */
export const listeningConnectionName = "obra-site";

/**
 * LISTEN on a connection of its own (a pooled one would hand the LISTEN to the next query),
 * reconnecting every second while the server is away.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  listener: NotificationListener,
): Promise<() => Promise<void>> {
  const { default: pg } = await import("pg");
  let stopped = false;
  let current: InstanceType<typeof pg.Client> | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 5000,
      application_name: listeningConnectionName,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      listener.onLive(false);
      client.end().catch(() => {});
      if (stopped) return;
      log.error({ channel, err: error }, "db: stopped listening");
      retry = setTimeout(connect, 1000);
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (message) => listener.onNotify(message.payload ?? ""));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      current = client;
      if (stopped) return void client.end();
      listener.onLive(true);
    } catch (error) {
      onLost(error as Error);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await current?.end().catch(() => {});
  };
}

/**
 * A bytea parameter as it is: PGlite then sends it in binary, as node-postgres does a Buffer.
 * Its own serializer would make hex text one array element per byte (1.3 s and some hundred
 * megabytes for a 3 MB photo). PGlite's typings say a serializer answers text; its bind message
 * writes any byte array in binary (a test on the embedded database reads the photos back).
 */
const pgliteSerializers = { 17: (value: Uint8Array) => value as unknown as string };

export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob | File } = {},
): Promise<DatabaseHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  // An abort of the instance (a PANIC: the log cannot grow on a full disk) ends the process
  // with one line saying why, instead of the spin PGlite would go into (decision 174).
  const watch = watchEmbeddedDatabase(options.dataDir);
  const client = new PGlite({
    ...options,
    // A finished segment of the write-ahead log is deleted rather than renamed for reuse with
    // its old bytes in it, so a checkpoint after an erasure leaves no copy of what was erased
    // in the folder a backup copies (server/db/erasure.ts, decision 205).
    startParams: [...PGlite.defaultStartParams, "-c", "wal_recycle=off"],
    serializers: pgliteSerializers,
    extensions: { stopOnAbort: watch.extension },
    onStderr: watch.onStderr,
  });
  await client.waitReady.catch((error: unknown) => {
    throw namedFileError(watch.startFailure(error), options.dataDir);
  });
  watch.started();
  const db = drizzle({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    // The embedded database lives in this process: its notifications cannot be missed.
    async listen(channel, listener) {
      const unlisten = await client.listen(channel, (payload) => listener.onNotify(payload));
      listener.onLive(true);
      // Once the database is closed nothing listens any more: an UNLISTEN would throw.
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    close: () => client.close(),
  };
}

/**
 * Any fixed number: every instance of the site asks PostgreSQL for the same advisory lock, so
 * instances started together migrate one after the other (the later ones find nothing to do).
 */
const MIGRATION_LOCK = 4_171_923_001;

export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "postgres") {
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    // The lock and the migrations on one session of their own: the lock is freed when the
    // session ends, also when the process dies halfway.
    // biome-ignore lint/suspicious/noExplicitAny: drizzle keeps its pg.Pool here
    const pool = (handle.db as any).$client as import("pg").Pool;
    const session = await pool.connect();
    try {
      await session.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle({ client: session }), { migrationsFolder });
    } finally {
      await session.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      session.release();
    }
  } else {
    // One process holds an embedded database (openDatabase locks its folder): nothing to race.
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its driver's own type
    await migrate(handle.db as any, { migrationsFolder });
  }
}

/**
 * Opens the configured database and brings its schema up to date. The embedded one is this
 * process's alone until it is closed: StartRefused while another process holds it.
 */
export async function openDatabase(env: {
  DATABASE_URL?: string;
  DATA_DIR: string;
}): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  if (env.DATABASE_URL) handle = await openPostgres(env.DATABASE_URL);
  else {
    makeDataDir(env.DATA_DIR);
    const unlock = lockEmbeddedDatabase(env.DATA_DIR);
    try {
      // What DATA_DIR holds is judged only under the lock: a site starting beside this process
      // has initdb's 0666 files in it for a moment, which it tightens before it lets go.
      prepareDataDir(env.DATA_DIR);
      const dataDir = path.resolve(env.DATA_DIR, "pglite");
      mkdirSync(dataDir, { recursive: true });
      // A first start's initdb writes its files 0666 whatever the umask, also when it fails
      // half way (a full disk): owner-only either way, so the next start is not refused for it.
      const ownerOnly = () => makeOwnerOnly(dataDir, { evenWritable: true });
      const pglite = await openPglite({ dataDir }).catch((error: unknown) => {
        try {
          ownerOnly();
        } catch {
          // The start's own error says more than a chmod's on the same broken folder.
        }
        throw error;
      });
      ownerOnly();
      handle = { ...pglite, close: () => pglite.close().finally(unlock) };
    } catch (error) {
      unlock();
      throw spaceNamed(error, env.DATA_DIR);
    }
  }
  try {
    await migrate(handle);
  } catch (error) {
    await handle.close().catch(() => {});
    throw env.DATABASE_URL ? error : spaceNamed(error, env.DATA_DIR);
  }
  return handle;
}

/**
 * A full disk under DATA_DIR, whoever noticed it (the lock file's write, PGlite's file system, a
 * migration's statement), as the start's one line that names it (decision 174's promise).
 */
function spaceNamed(error: unknown, dataDir: string): unknown {
  if (error instanceof StartRefused || !isDiskFull(error)) return error;
  return startRefusedForSpace(path.resolve(dataDir));
}

/**
 * Brings the configured database's schema up to date and closes it: for a deploy pipeline that
 * migrates in a step of its own (`db:migrate`). Safe beside running or starting instances on
 * PostgreSQL (advisory lock); the embedded database refuses while a server holds its folder.
 */
export async function migrateDatabase(env: { DATABASE_URL?: string; DATA_DIR: string }) {
  const handle = await openDatabase(env);
  await handle.close();
}
