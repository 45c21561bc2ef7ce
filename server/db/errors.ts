import { StartRefused } from "../data-dir.ts";
import { configErrorExitCode } from "../env.ts";

/** SQLSTATEs meaning "the database is not reachable right now": only PostgreSQL sends them. */
const unavailableStates = new Set([
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08006",
]);

/**
 * Socket codes that mean the same when the socket is the database's. Any socket can fail so: a
 * visitor who cuts a request's body short makes Node fail the body's stream with ECONNRESET,
 * which once logged "database unavailable" at error level (decision 061). They count
 * only on an error that came from the database connection (`fromDatabase`).
 */
const socketCodes = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]);

/** node-postgres's own messages for a lost or refused connection. */
const driverMessages =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

const databaseOrigin = Symbol("from the database connection");

/**
 * Marks an error thrown by the database client itself (a pooled connection that could not be
 * made: server/db/client.ts), so that its socket code counts as the database's.
 */
export function fromDatabase(error: unknown): unknown {
  if (error !== null && typeof error === "object") {
    Object.defineProperty(error, databaseOrigin, { value: true });
  }
  return error;
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/**
 * The database's own refusals, and socket failures of its connection: a failed query (Drizzle
 * wraps whatever its statement failed with, the socket's error included) or an error the
 * database client marked. Body-reading errors of a request are never either.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const chain = causes(error);
  const fromTheDatabase = chain.some(
    (e) => isQueryError(e) || (e as { [databaseOrigin]?: boolean } | null)?.[databaseOrigin],
  );
  return chain.some((e) => {
    const { code, message } = (e ?? {}) as { code?: string; message?: string };
    return (
      (code !== undefined && unavailableStates.has(code)) ||
      (fromTheDatabase && code !== undefined && socketCodes.has(code)) ||
      driverMessages.test(message ?? "")
    );
  });
}

/** What a first connection's failure says (`databaseRefused`): every error there is the database's. */
const isUnreachable = (error: unknown) =>
  causes(error).some((e) => {
    const { code, message } = (e ?? {}) as { code?: string; message?: string };
    return (
      (code !== undefined && (unavailableStates.has(code) || socketCodes.has(code))) ||
      driverMessages.test(message ?? "")
    );
  });

/**
 * The disk is full: PostgreSQL's disk_full (53100, "could not extend file …: No space left on
 * device"), which rolls back the statement and leaves the database working, or a file write's
 * ENOSPC (EDQUOT: the account's quota). The embedded database's PANIC on a full disk never
 * comes here: it ends the process (pglite-crash.ts).
 */
export function isDiskFull(error: unknown): boolean {
  return causes(error).some((e) => {
    const { code } = (e ?? {}) as { code?: unknown };
    return code === "53100" || code === "ENOSPC" || code === "EDQUOT";
  });
}

/** 23505: a unique index refused the row (duplicate e-mail, double subscription). */
export function isUniqueViolation(error: unknown): boolean {
  return causes(error).some((e) => (e as { code?: string }).code === "23505");
}

/**
 * Drizzle's error for a failed statement: its message and `params` hold the values sent.
 * (PGlite's own error carries `query` and `params` too, but a SQLSTATE code and the server's
 * message, which is what is logged of it.)
 */
const isQueryError = (error: unknown): error is { query: string; params: unknown[] } =>
  typeof (error as { query?: unknown })?.query === "string" &&
  Array.isArray((error as { params?: unknown }).params) &&
  typeof (error as { code?: unknown }).code !== "string";

function describeOne(error: unknown): string {
  if (isQueryError(error)) return `failed query (parameters withheld): ${error.query}`;
  // An error from another realm or a driver's plain object still has a name, code and message.
  const { name, code, message } = (error ?? {}) as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
  };
  if (typeof message !== "string") return String(error);
  return `${typeof name === "string" ? name : "Error"}${typeof code === "string" ? ` ${code}` : ""}: ${message}`;
}

/**
 * An error as log text that never carries a query's parameters: they are password hashes,
 * tokens, visitors' messages (a failed sign-up once logged its INSERT with the argon2 hash).
 * A failed query shows its SQL (placeholders only), then each cause by name, SQLSTATE code and
 * message. Left out: Drizzle's message and `params`, and PostgreSQL's DETAIL, which quotes the
 * refused row ("Failing row contains (…)").
 */
export function errorSummary(error: unknown): string {
  return causes(error)
    .map((e, i) => (i === 0 ? describeOne(e) : `cause: ${describeOne(e)}`))
    .join("\n");
}

/** SQLSTATEs of a first connection that only the operator can mend (exit status 78). */
const settingCodes = new Set([
  "3D000", // invalid_catalog_name: no such database
  "28000", // invalid_authorization_specification: no such role, no pg_hba.conf entry
  "28P01", // invalid_password
  "42501", // insufficient_privilege: no CONNECT on the database
]);

/**
 * Why the first connection to DATABASE_URL failed, as the one line a start ends with, naming
 * the setting and the server (host and port, never the user's password). A wrong database,
 * role or password stays wrong until the operator mends it: exit status 78, so systemd stops
 * retrying. A server that does not answer may be starting: status 1, and systemd tries again.
 */
export function databaseRefused(error: unknown, url: string): StartRefused {
  const parsed = new URL(url);
  const at = parsed.host || parsed.searchParams.get("host") || "localhost";
  const { code, hostname, message } = error as {
    code?: string;
    hostname?: string;
    message?: string;
  };
  const [why = ""] = (message ?? String(error)).split("\n");
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new StartRefused(`DATABASE_URL: the host name ${hostname} does not resolve`);
  }
  if (isUnreachable(error)) {
    return new StartRefused(`DATABASE_URL: no PostgreSQL answers at ${at} (${why})`);
  }
  // A server asking for a password that the URL does not hold fails in the driver, uncoded.
  const setting = settingCodes.has(code ?? "") || /client password must be a string/.test(why);
  return new StartRefused(
    `DATABASE_URL: PostgreSQL at ${at} refused the connection: ${why}`,
    setting ? configErrorExitCode : 1,
  );
}
