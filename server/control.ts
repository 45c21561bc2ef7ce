import { chmodSync, mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { embeddedDatabaseHolder } from "./data-dir.ts";
import { pgliteOf, removeLeftSnapshots, snapshotPglite } from "./db/backup.ts";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { FieldErrors } from "./http-errors.ts";
import { remindAssignees } from "./leads/assignee-reminder.ts";
import { log } from "./log.ts";
import { type ConsentRecord, consentRecordOf } from "./newsletter/consent-record.ts";
import { type CreatedUser, createUser, UserInputError } from "./users/create-user.ts";
import { resetSecondFactor } from "./users/reset-second-factor.ts";

/**
 * The local control socket (docs/decisions/022-user-create-and-control-socket.md). An embedded
 * PGlite data directory belongs to one process, so while the site runs, `npm run user:create`
 * asks the server through this socket instead of opening the database itself. It is a unix
 * socket inside DATA_DIR with mode 0600: only the account that runs the server can use it.
 *
 * Protocol: one JSON line in, one JSON line out, then the server closes the connection. Commands:
 * user:create, user:reset-two-factor, db:backup, newsletter:consent and leads:remind
 * (docs/operations.md).
 */

export interface UserCreateRequest {
  command: "user:create";
  name: string;
  email: string;
  password: string;
  role: string;
}

/**
 * `npm run db:backup` while the site runs on the embedded database (it alone may read it): the
 * site copies its data folder beside it and answers where; the command packs the copy into the
 * backup file and deletes it (decision 087). Nothing of the database passes through the socket
 * or the site's memory, and the site's systemd sandbox need not reach the backup folder.
 */
export interface BackupRequest {
  command: "db:backup";
}

/**
 * `npm run newsletter:consent -- EMAIL`: what the newsletter holds about an address, blocked
 * proofs of consent included, which the admin never shows (decision 168).
 */
export interface ConsentRecordRequest {
  command: "newsletter:consent";
  email: string;
}

/**
 * `npm run user:create -- --reset-two-factor --email EMAIL`: a lost second factor removed, the
 * account's sessions closed (decision 220).
 */
export interface ResetSecondFactorRequest {
  command: "user:reset-two-factor";
  email: string;
}

/**
 * `npm run leads:remind`: each assignee's morning reminder (their follow-ups due today and their
 * leads still new) queued now, whatever the day or hour, even if this morning's went: for a
 * Saturday the office works, or a list wanted again after follow-ups were set (decision 277).
 */
export interface RemindRequest {
  command: "leads:remind";
}

export type ControlRequest =
  | UserCreateRequest
  | BackupRequest
  | ConsentRecordRequest
  | ResetSecondFactorRequest
  | RemindRequest;

/** The settings a command reads: the reminders' links and the office's days off. */
export type ControlEnv = Pick<Env, "APP_URL" | "REMINDER_HOLIDAYS">;

export type ControlResponse =
  | { ok: true; user: CreatedUser }
  /** The copy of the data folder to pack, beside it in DATA_DIR (server/db/backup.ts). */
  | { ok: true; snapshot: string }
  /** What servers before the snapshot backups answered (decision 087): the data folder, gzipped, base64. */
  | { ok: true; backup: string }
  | { ok: true; consent: ConsentRecord }
  | { ok: true; reset: { id: number; name: string; email: string }; hadSecondFactor: boolean }
  /** How many staff members a reminder was queued for. */
  | { ok: true; reminded: number }
  | { ok: false; message: string; errors?: FieldErrors };

/** Longer requests are refused: the longest command carries a name, an e-mail and a password. */
const MAX_REQUEST_BYTES = 16 * 1024;

/**
 * Where the socket lives. Unix socket paths are limited to ~107 bytes; a deep DATA_DIR falls
 * back to the path relative to the working directory (the project root for npm scripts).
 */
export function controlSocketPath(dataDir: string): string {
  const absolute = path.resolve(dataDir, "control.sock");
  return Buffer.byteLength(absolute) <= 100 ? absolute : path.relative(process.cwd(), absolute);
}

/** Runs one command against `db`: the socket's handler, and the CLI's when no server runs. */
export async function runControlCommand(
  db: Database,
  request: unknown,
  env?: ControlEnv,
): Promise<ControlResponse> {
  const command = (request as { command?: unknown } | null)?.command;
  if (command === "leads:remind") {
    if (!env) return { ok: false, message: "Este proceso no envía recordatorios." };
    // Queued: the site's mail worker sends them within seconds.
    return { ok: true, reminded: await remindAssignees(db, env, new Date(), { asked: true }) };
  }
  if (command === "db:backup") {
    const client = pgliteOf(db);
    if (!client) return { ok: false, message: "Solo la base de datos embebida se copia así." };
    const started = performance.now();
    const snapshot = await snapshotPglite(client);
    // How long every query waited for the copy: the one cost of a backup to the site.
    log.info(
      { ms: Math.round(performance.now() - started) },
      "control: data folder copied for a backup",
    );
    return { ok: true, snapshot };
  }
  if (command === "newsletter:consent") {
    const { email } = request as Partial<ConsentRecordRequest>;
    if (typeof email !== "string" || !email.includes("@")) {
      return { ok: false, message: "Indica una dirección de correo electrónico." };
    }
    return { ok: true, consent: await consentRecordOf(db, email) };
  }
  if (command === "user:reset-two-factor") {
    const { email } = request as Partial<ResetSecondFactorRequest>;
    if (typeof email !== "string" || !email.includes("@")) {
      return { ok: false, message: "Indica una dirección de correo electrónico." };
    }
    const reset = await resetSecondFactor(db, email);
    if (!reset.ok) return { ok: false, message: `No hay ninguna cuenta con el correo ${email}.` };
    return { ok: true, reset: reset.user, hadSecondFactor: reset.hadOne };
  }
  if (command !== "user:create") {
    return { ok: false, message: `Orden desconocida: ${String(command)}` };
  }
  const { name, email, password, role } = request as Partial<UserCreateRequest>;
  try {
    const user = await createUser(db, {
      name: String(name ?? ""),
      email: String(email ?? ""),
      password: String(password ?? ""),
      role: String(role ?? ""),
      verified: true,
    });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof UserInputError) {
      return { ok: false, message: error.message, errors: error.errors };
    }
    throw error;
  }
}

function serveConnection(socket: net.Socket, db: Database, env?: ControlEnv) {
  let buffered = "";
  const answer = (response: ControlResponse) => socket.end(`${JSON.stringify(response)}\n`);
  socket.setEncoding("utf8");
  socket.setTimeout(10_000, () => socket.destroy());
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk: string) => {
    buffered += chunk;
    if (Buffer.byteLength(buffered) > MAX_REQUEST_BYTES) {
      socket.removeAllListeners("data");
      answer({ ok: false, message: "Petición demasiado grande." });
      return;
    }
    const end = buffered.indexOf("\n");
    if (end === -1) return;
    socket.removeAllListeners("data");
    // The idle limit is for a client slow to ask; a backup may take a while to answer.
    socket.setTimeout(0);
    let request: unknown;
    try {
      request = JSON.parse(buffered.slice(0, end));
    } catch {
      answer({ ok: false, message: "La petición no es un JSON válido." });
      return;
    }
    runControlCommand(db, request, env).then(answer, (error: unknown) => {
      log.error({ err: error }, "control: command failed");
      answer({ ok: false, message: "Error interno del servidor; revisa su registro." });
    });
  });
}

/** How long a command waits for a site that holds the embedded database to answer. */
const startingSiteWaitMs = 60_000;

/**
 * requestControl for the operator's commands, which may be typed while the site starts: a
 * first start runs initdb and the migrations (seconds; 17 s on a busy machine) before its
 * socket listens, and meanwhile its folder holds initdb's 0666 files, no PG_VERSION yet, or a
 * database under its lock. So while no socket answers but a live process holds the embedded
 * database (the site, or another command about to finish), this waits for the socket or for
 * the lock to go, polling, and says once on stderr why it has not answered yet. Undefined when
 * nobody holds the database: the command opens it.
 */
export async function requestRunningSite(
  dataDir: string,
  request: ControlRequest,
  timeoutMs?: number,
): Promise<ControlResponse | undefined> {
  const socketPath = controlSocketPath(dataDir);
  const deadline = Date.now() + startingSiteWaitMs;
  let waitingFor: number | undefined;
  for (;;) {
    const response = await requestControl(socketPath, request, timeoutMs);
    if (response) return response;
    const holder = embeddedDatabaseHolder(dataDir);
    if (holder === undefined) return undefined;
    if (Date.now() > deadline) {
      throw new Error(
        `el proceso ${holder} tiene abierta la base de datos embebida de ${path.resolve(dataDir)} y en ${startingSiteWaitMs / 1000} s no ha respondido por el socket de control. Si es el sitio, mira su registro (¿ha terminado de arrancar?) y repite la orden; si es otra orden, espera a que termine.`,
      );
    }
    if (holder !== waitingFor) {
      console.error(
        `Aviso: otro proceso (pid ${holder}) tiene abierta la base de datos embebida; si es el sitio, que está arrancando, se espera a que responda (hasta ${startingSiteWaitMs / 1000} s).`,
      );
    }
    waitingFor = holder;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Sends one request to a running server. Undefined when no server listens there (no socket
 * file, or a stale one left by a server that was killed).
 */
export function requestControl(
  socketPath: string,
  request: ControlRequest,
  timeoutMs = 30_000,
): Promise<ControlResponse | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let received = "";
    let connected = false;
    socket.setEncoding("utf8");
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(new Error("El servidor no ha respondido a tiempo por el socket de control.")),
    );
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === "ENOENT" || error.code === "ECONNREFUSED")) {
        resolve(undefined);
      } else reject(error);
    });
    socket.on("close", () => {
      if (!connected) return;
      try {
        resolve(JSON.parse(received.trim()) as ControlResponse);
      } catch {
        reject(new Error("Respuesta no válida del servidor por el socket de control."));
      }
    });
  });
}

export interface ControlSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * Starts listening on DATA_DIR/control.sock. Undefined (with a log line) when another live
 * server already holds it, e.g. a second instance sharing DATA_DIR over PostgreSQL.
 */
export async function startControlSocket(options: {
  db: Database;
  dataDir: string;
  /** The site's settings, for the commands that read them (leads:remind). */
  env?: ControlEnv;
}): Promise<ControlSocket | undefined> {
  mkdirSync(options.dataDir, { recursive: true });
  const socketPath = controlSocketPath(options.dataDir);
  if (await serverAnswers(socketPath)) {
    log.warn(`control: ${socketPath} is held by another running server; not started`);
    return undefined;
  }
  // A socket file nobody answers on was left by a server that died, and so were copies for a
  // backup whose command was killed before it deleted them.
  rmSync(socketPath, { force: true });
  removeLeftSnapshots(path.join(options.dataDir, "pglite"));

  const server = net.createServer((socket) => serveConnection(socket, options.db, options.env));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // Created owner-only from the start (umask), not just chmod-ed a moment later.
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => resolve());
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(socketPath, 0o600);

  return {
    path: socketPath,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(socketPath, { force: true });
          resolve();
        });
      }),
  };
}

/** True when a running server answers on `socketPath` (the embedded database is its alone). */
export function serverAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createConnection(socketPath);
    probe.on("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.on("error", () => resolve(false));
  });
}
