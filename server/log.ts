/**
 * The server's log (docs/decisions/090): pino, one JSON object per line on stdout in production
 * (journald, a collector), pino-pretty's coloured lines in development. Every module writes
 * through `log`; `setupLog` points it where the settings say once they are read.
 *
 * No line carries a password, a token, a link with one, or a whole e-mail address: access lines
 * redact the request target (`redactTarget`), addresses are masked (`maskEmail`), errors are
 * written through `safeError`, and pino's own redaction drops the fields that name secrets.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";
import { errorSummary } from "./db/errors.ts";
import { isHealthTarget } from "./probe-targets.ts";

type Level = "trace" | "debug" | "info" | "warn" | "error" | "fatal" | "silent";
const levels: readonly string[] = ["trace", "debug", "info", "warn", "error", "fatal", "silent"];

interface LogSettings {
  NODE_ENV?: string;
  LOG_LEVEL?: string;
}

const emailPattern = /([^\s@<>"'(),;:/?&=]+)@([^\s@<>"'(),;:/?&=]+\.[^\s@<>"'(),;:/?&=]+)/g;

/** `lucia@example.com` → `l***@example.com`: who it was, roughly, not the address. */
export function maskEmail(address: string): string {
  return address.replace(emailPattern, (_, local: string, domain: string) => {
    return `${local.slice(0, 1)}***@${domain}`;
  });
}

/**
 * An error as a log field: `errorSummary` (a failed query's SQL but never its parameters, each
 * cause by name, code and message) and the stack's frames, every e-mail address masked.
 */
export function safeError(error: unknown) {
  const { code } = (error ?? {}) as { code?: unknown };
  const frames =
    error instanceof Error
      ? (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line))
      : [];
  return {
    type: (error as { name?: unknown })?.name ?? typeof error,
    message: maskEmail(errorSummary(error)),
    ...(code === undefined ? {} : { code }),
    ...(frames.length ? { stack: frames.join("\n") } : {}),
  };
}

const secretFields = [
  "password",
  "password_confirmation",
  "current_password",
  "token",
  "authorization",
  "cookie",
  "link",
];

function options(settings: LogSettings): LoggerOptions {
  const wanted = settings.LOG_LEVEL;
  const level: Level =
    wanted && levels.includes(wanted)
      ? (wanted as Level)
      : settings.NODE_ENV === "test"
        ? "warn"
        : "info";
  return {
    level,
    base: { pid: process.pid },
    timestamp: () => `,"time":"${isoTime()}"`,
    serializers: { err: safeError, error: safeError },
    redact: { paths: secretFields, censor: "[redacted]" },
  };
}

/**
 * Now in ISO 8601 (UTC), as `new Date().toISOString()` writes it. V8 formats that through a
 * printf-style formatter, about 8k instructions: for the access line of every request, more
 * than the rest of the line. The text up to the second is made once a second.
 */
let isoSecond = Number.NaN;
let isoUpToSecond = "";
export function isoTime(now = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second !== isoSecond) {
    isoSecond = second;
    isoUpToSecond = new Date(second * 1000).toISOString().slice(0, 20);
  }
  const ms = now - second * 1000;
  return `${isoUpToSecond}${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}Z`;
}

type SonicBoom = ReturnType<typeof pino.destination>;
/** sonic-boom in `contentMode: "buffer"` (its typings know the text mode only). */
type ByteWriter = { write(data: Uint8Array): boolean };

/** How long a line may wait to be written: a journal read a moment later loses nothing. */
const batchWaitMs = 50;

/**
 * Production's stdout: lines are joined and handed over together, `batchWaitMs` after the
 * first of them, in one write, to pino's background writer (sonic-boom, `sync: false`), which
 * passes them to the kernel without blocking the server. A write each turn of the event loop
 * (decision 208) still cost an access line about 8k instructions under load, a sonic-boom
 * write and an immediate every few lines (decision 285). The text is encoded once, here: in
 * text mode sonic-boom measured each write and encoded it twice more. The order of the lines
 * is kept. What is waiting when the process exits (process.exit, a crash) is written
 * synchronously then; `flushLog` waits for everything to be written, for a planned exit.
 * Never handed over in the middle of a turn: a write still under way when the process exits
 * in that turn would land after the lines written synchronously.
 */
class BatchedLines implements DestinationStream {
  #text = "";
  #timer: NodeJS.Timeout | undefined;
  readonly #stream: SonicBoom;

  constructor(stream: SonicBoom) {
    this.#stream = stream;
    process.on("exit", () => this.flushSync());
  }

  write(line: string): void {
    this.#text += line;
    if (this.#timer === undefined) {
      this.#timer = setTimeout(this.#handOver, batchWaitMs);
      // A line waiting does not keep the process alive: it is written at exit.
      this.#timer.unref();
    }
  }

  /** Hands what waits to sonic-boom; answers whether anything did. */
  readonly #handOver = (): boolean => {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    const text = this.#text;
    if (text === "") return false;
    this.#text = "";
    (this.#stream as unknown as ByteWriter).write(Buffer.from(text));
    return true;
  };

  flushSync(): void {
    this.#handOver();
    try {
      this.#stream.flushSync();
    } catch {
      // Nothing can be said about it now: stdout is gone (EPIPE) or was never opened.
    }
  }

  /** Resolves once every line so far is with the kernel, or after `limitMs` (a stuck reader). */
  flush(limitMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, limitMs);
      const stream = this.#stream;
      function done() {
        clearTimeout(timer);
        stream.off("drain", done);
        resolve();
      }
      // sonic-boom says 'drain' when a write ends with nothing left to write; when it is idle,
      // even an empty write starts one, so a 'drain' comes in every case.
      stream.once("drain", done);
      if (!this.#handOver()) (stream as unknown as ByteWriter).write(Buffer.alloc(0));
    });
  }
}

let stdoutLines: BatchedLines | undefined;
const stdout = (): BatchedLines => {
  stdoutLines ??= new BatchedLines(
    pino.destination({ dest: 1, sync: false, contentMode: "buffer", maxLength: 16 * 1024 * 1024 }),
  );
  return stdoutLines;
};

/**
 * The stream pino writes to, kept so that access lines can be written to it directly
 * (`logResponse`); none when a transport's worker thread formats the lines (development).
 */
let lines: DestinationStream | undefined;

/**
 * Waits until every line written so far has reached stdout (at most `limitMs`): before a
 * planned exit, so that the last requests' lines are not lost (decision 080's drain).
 */
export async function flushLog(limitMs = 2_000): Promise<void> {
  if (lines instanceof BatchedLines) await lines.flush(limitMs);
}

function create(settings: LogSettings, destination?: DestinationStream): Logger {
  if (settings.NODE_ENV === "development" && !destination) {
    lines = undefined;
    // A worker thread formats the lines; pino-pretty is a development dependency only.
    return pino({
      ...options(settings),
      transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss" } },
    });
  }
  lines = destination ?? stdout();
  return pino(options(settings), lines);
}

export let log: Logger = create(process.env);

/** Sets the level and the output from the checked settings (or a stream, in tests). */
export function setupLog(settings: LogSettings, destination?: DestinationStream): Logger {
  log = create(settings, destination);
  return log;
}

/* Access log ------------------------------------------------------------------------------- */

/**
 * Query parameters and path segments that carry a secret. Parameters: those named like one,
 * also as the end of a name (`access_token`, `api_key`, `client_secret`), any whose value
 * looks like a token, and a search's words (`q`). Path segments: the one after /verify-email/, the e-mail and token after
 * /change-password/, and any long run of letters, digits, - and _ with a digit in it (a token in
 * a route not listed here); slugs have no digit.
 */
const secretParam =
  /^((.*[_-])?(token|code|key|signature|sig|password|secret|auth|session)|email|e-mail|correo)$/i;
/**
 * A search's words (`q`: the admin lists' search, decision 141): staff look people up by name,
 * phone or street, and the line would outlive the person's erasure (decision 205).
 */
const searchParam = /^q$/i;
const tokenLike = /^[A-Za-z0-9_-]{20,}$/;
const hasDigit = /\d/;

function redactSegments(path: string): string {
  const segments = path.split("/");
  for (let i = 1; i < segments.length; i++) {
    const previous = segments[i - 1];
    const segment = segments[i] as string;
    if (
      previous === "verify-email" ||
      previous === "change-password" ||
      segments[i - 2] === "change-password" ||
      (tokenLike.test(segment) && hasDigit.test(segment))
    ) {
      segments[i] = "[redacted]";
    } else if (segment.includes("@") || segment.includes("%40")) {
      segments[i] = maskEmail(decodeSegment(segment));
    }
  }
  return segments.join("/");
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The request target as it may be written to a log: no token, no whole address. */
export function redactTarget(target: string): string {
  const limited = target.length > 512 ? `${target.slice(0, 512)}…` : target;
  const queryAt = limited.indexOf("?");
  const path = queryAt === -1 ? limited : limited.slice(0, queryAt);
  // The common case, a plain path, costs one test.
  const cleanPath = /[0-9@%]/.test(path) ? redactSegments(path) : path;
  if (queryAt === -1) return cleanPath;
  const query = limited
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      const decodedName = decodeSegment(name);
      return secretParam.test(decodedName) ||
        searchParam.test(decodedName) ||
        (tokenLike.test(value) && hasDigit.test(value))
        ? `${name}=[redacted]`
        : maskEmail(decodeSegment(pair));
    })
    .join("&");
  return `${cleanPath}?${query}`;
}

const pid = process.pid;

/*
 * The access line's fixed text, made once: each `+` of a line is work for every request
 * (decision 285). What `logResponse` writes is byte for byte what pino writes (log.test.ts).
 */
const infoHead = '{"level":30,"time":"';
const debugHead = '{"level":20,"time":"';
const pidAndId = `","pid":${pid},"id":"`;
const tail = ',"msg":"request"}\n';
const abortedTail = ',"aborted":true,"msg":"request"}\n';

/** Text JSON writes as it is, between quotes: printable ASCII but `"` and `\`. */
const plainJson = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/** `JSON.stringify(text)`, without its cost for a path that needs no escaping (most). */
const jsonString = (text: string) => (plainJson.test(text) ? `"${text}"` : JSON.stringify(text));

/** `","method":"GET","path":` for each method (Node's parser knows a few dozen), made once. */
const methodFields = new Map<string, string>();
function methodField(method: string | undefined): string {
  let field = methodFields.get(method ?? "");
  if (field === undefined) {
    field = `","method":${JSON.stringify(method)},"path":`;
    if (methodFields.size < 64) methodFields.set(method ?? "", field);
  }
  return field;
}

/** Unique across instances (a random start) and cheap: no random bytes per request. */
const idPrefix = randomBytes(4).toString("hex");
let idSerial = 0;
export const nextRequestId = () => `${idPrefix}-${(++idSerial).toString(36)}`;

/**
 * The id of a request's access line from @hono/node-server's bindings (a handler's `c.env`), so
 * other lines of the same request carry it as `id`; none when not served over a socket.
 */
export const requestIdOf = (bindings: unknown): string | undefined =>
  (bindings as { outgoing?: { requestId?: string } } | undefined)?.outgoing?.requestId;

/** What a response of the access log knows of itself (server/response-headers.ts). */
export interface LoggedResponse extends ServerResponse<IncomingMessage> {
  readonly requestId: string;
  readonly startedAt: number;
}

/**
 * Writes one access line when a response is over (its 'close' event), from Node's own response
 * object: nothing runs in the request's path, no promise and no middleware (decisions 064, 065).
 *
 * The line is put together here, byte for byte the JSON pino writes for
 * `log.info({ id, method, path, status, ms }, "request")`, and handed to pino's own stream:
 * pino's object path (serializers, redaction, key escaping) was a seventh of `GET /api/user`
 * for fields that are always these (decision 090; log.test.ts compares the two).
 */
export function logResponse(this: LoggedResponse): void {
  const target = this.req.url ?? "";
  // Probes every few seconds would drown the requests that matter: they are debug lines.
  const probe = isHealthTarget(target);
  if (probe ? !log.isLevelEnabled("debug") : !log.isLevelEnabled("info")) return;
  const path = redactTarget(target);
  const ms = Math.round((performance.now() - this.startedAt) * 10) / 10;
  const aborted = !this.writableFinished;
  if (!lines) {
    const fields = {
      id: this.requestId,
      method: this.req.method,
      path,
      status: this.statusCode,
      ms,
    };
    log[probe ? "debug" : "info"](aborted ? { ...fields, aborted } : fields, "request");
    return;
  }
  lines.write(
    (probe ? debugHead : infoHead) +
      isoTime() +
      pidAndId +
      this.requestId +
      methodField(this.req.method) +
      jsonString(path) +
      `,"status":${this.statusCode},"ms":${ms}` +
      (aborted ? abortedTail : tail),
  );
}
