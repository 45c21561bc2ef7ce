/**
 * When the embedded database cannot go on (decision 174).
 *
 * PostgreSQL answers a failure it cannot survive with PANIC: a write-ahead log segment that
 * cannot be made on a full disk is the usual one. A server's backend then dies and the
 * postmaster starts again, recovering from the log. In PGlite the PANIC aborts its WebAssembly
 * instance, and PGlite (0.5.16) catches every exception of its main loop, not only its own
 * longjmp, and goes on calling the aborted instance: the statement under way answers "cannot drop
 * active portal" (the real cause, ENOSPC, is lost) and a later one loops for ever in
 * PostgreSQL's error handling, synchronously, so the event loop never turns again: no request,
 * no health probe, no SIGTERM is answered. Nothing this process does can mend the instance, so at
 * the abort it writes one line that says why (ENOSPC and DATA_DIR when the disk is full) and
 * exits with status 1: systemd starts it again (Restart=on-failure) and PGlite recovers the
 * database from its log, as PostgreSQL would.
 *
 * PGlite hands an extension the Emscripten module's options before it is made: `onAbort` there
 * is Emscripten's own hook, called before the abort unwinds into PGlite's loop. PostgreSQL's log
 * lines arrive through `onStderr`; the last PANIC or FATAL ones name the cause.
 */
import type { Extension } from "@electric-sql/pglite";
import { StartRefused } from "../data-dir.ts";
import { log } from "../log.ts";

/** What Emscripten's file system reports for a full disk (WASI's ENOSPC). */
const wasiNoSpace = 51;
/** PostgreSQL's words for ENOSPC in its log lines (strerror's). */
const noSpaceText = /No space left on device/i;

/** A log line of PostgreSQL's without its time and process: "PANIC:  could not write …". */
function severityAndText(line: string): string | undefined {
  const match = /\b(PANIC|FATAL):\s+(.*)$/s.exec(line.trim());
  return match ? `${match[1]}: ${match[2]}` : undefined;
}

export interface EmbeddedDatabaseWatch {
  /** Added to PGlite's extensions: sets the module's `onAbort`. */
  extension: Extension;
  /** PGlite's `onStderr`: keeps PostgreSQL's last PANIC and FATAL lines. */
  onStderr: (text: string) => boolean;
  /** Call once PGlite is ready: an abort from then on is a running site's, not a start's. */
  started: () => void;
  /** Why PGlite could not start, as the start's one line when the disk is full. */
  startFailure: (error: unknown) => unknown;
}

/**
 * Watches one PGlite instance in `dataDir` ("memory" when it has none). `stop` ends the process
 * (tests hand their own): it must not return into PGlite, whose loop would spin.
 */
export function watchEmbeddedDatabase(
  dataDir = "memory",
  stop: (line: string) => void = stopProcess,
): EmbeddedDatabaseWatch {
  const said: string[] = [];
  let running = false;
  const diskFull = () => said.some((line) => noSpaceText.test(line));
  const postgresSaid = () => (said.length ? ` (PostgreSQL: ${said.join("; ")})` : "");

  return {
    onStderr(text) {
      const line = severityAndText(text);
      if (line) {
        said.push(line);
        if (said.length > 3) said.shift();
      }
      return false;
    },
    started() {
      running = true;
    },
    extension: {
      name: "stop on abort",
      setup: async (_pg, emscriptenOptions) => ({
        emscriptenOpts: {
          ...emscriptenOptions,
          onAbort: (what: unknown) => {
            const cause = postgresSaid() || (what ? ` (${String(what)})` : "");
            stop(
              running
                ? diskFull()
                  ? `The embedded database stopped: ${noSpaceSentence(dataDir)}${cause}. The process exits with status 1 so that it is started again; the database recovers from its log once there is space (df -h ${dataDir})`
                  : `The embedded database stopped${cause || " (its WebAssembly instance aborted)"}. The process exits with status 1 so that it is started again; the database recovers from its log at the next start`
                : diskFull()
                  ? startRefusedForSpace(dataDir, cause).message
                  : `The embedded database in ${dataDir} could not start${cause}`,
            );
          },
        },
      }),
    },
    startFailure(error) {
      const { errno, message } = (error ?? {}) as { errno?: unknown; message?: unknown };
      if (diskFull() || (errno === wasiNoSpace && !message)) {
        return startRefusedForSpace(dataDir, postgresSaid());
      }
      // PGlite says only "PGlite failed to initialize properly": PostgreSQL said why.
      if (said.length && error instanceof Error) error.message += postgresSaid();
      return error;
    },
  };
}

const noSpaceSentence = (dataDir: string) =>
  `no space left on the disk of DATA_DIR (ENOSPC) for ${dataDir}`;

/**
 * The start's one line for a full disk under the embedded database. Exit status 1, not 78:
 * space freed (by the operator, a log rotation, a finished copy) mends it without another
 * command, and systemd's next try then starts the site.
 */
export function startRefusedForSpace(dataDir: string, cause = ""): StartRefused {
  return new StartRefused(
    `The embedded database cannot start: ${noSpaceSentence(dataDir)}${cause}. Free some space there (df -h ${dataDir}); the next start goes on by itself`,
  );
}

/** The one line on stderr and in the log, then exit status 1 (systemd's Restart=on-failure). */
function stopProcess(line: string): never {
  log.fatal(line);
  process.stderr.write(`${line}\n`);
  process.exit(1);
}
