import { describe, expect, it } from "vitest";
import { StartRefused } from "../data-dir.ts";
import { watchEmbeddedDatabase } from "./pglite-crash.ts";

/** PostgreSQL's log lines as PGlite hands them to `onStderr`. */
const logLine = (text: string) => `2026-11-26 08:12:58.782 UTC [42] ${text}`;
const walFull = 'could not write to file "pg_wal/xlogtemp.42": No space left on device';

/** The module options PGlite would make its instance with, after the watch's extension. */
async function moduleOptions(watch: ReturnType<typeof watchEmbeddedDatabase>) {
  const print = () => {};
  const { emscriptenOpts } = await watch.extension.setup({} as never, { print });
  expect(emscriptenOpts.print).toBe(print);
  return emscriptenOpts as { onAbort: (what: string) => void };
}

// What the instance's abort does (decision 174); the whole story on a real full disk is
// disk-full.test.ts, where mount(8) is allowed.
describe("the embedded database's abort", () => {
  it("ends the process with one line naming ENOSPC, DATA_DIR and PostgreSQL's PANIC", async () => {
    const lines: string[] = [];
    const watch = watchEmbeddedDatabase("/var/lib/obra/pglite", (line) => lines.push(line));
    watch.started();
    watch.onStderr(logLine("LOG:  checkpoint starting: wal"));
    watch.onStderr(logLine(`PANIC:  ${walFull}`));
    (await moduleOptions(watch)).onAbort("");
    expect(lines).toEqual([
      `The embedded database stopped: no space left on the disk of DATA_DIR (ENOSPC) for /var/lib/obra/pglite (PostgreSQL: PANIC: ${walFull}). The process exits with status 1 so that it is started again; the database recovers from its log once there is space (df -h /var/lib/obra/pglite)`,
    ]);
  });

  it("names PostgreSQL's words, or the abort's, for any other cause", async () => {
    const lines: string[] = [];
    const watch = watchEmbeddedDatabase("/var/lib/obra/pglite", (line) => lines.push(line));
    watch.started();
    const options = await moduleOptions(watch);
    options.onAbort("memory access out of bounds");
    watch.onStderr(logLine("PANIC:  could not locate a valid checkpoint record"));
    options.onAbort("");
    expect(lines).toEqual([
      "The embedded database stopped (memory access out of bounds). The process exits with status 1 so that it is started again; the database recovers from its log at the next start",
      "The embedded database stopped (PostgreSQL: PANIC: could not locate a valid checkpoint record). The process exits with status 1 so that it is started again; the database recovers from its log at the next start",
    ]);
  });
});

describe("a start of the embedded database that fails", () => {
  it("names the full disk and DATA_DIR, for a retry once there is room (status 1)", () => {
    const watch = watchEmbeddedDatabase("/var/lib/obra/pglite", () => {});
    watch.onStderr(logLine("LOG:  database system was not properly shut down"));
    watch.onStderr(logLine(`FATAL:  ${walFull}`));
    const refused = watch.startFailure(new Error("PGlite failed to initialize properly"));
    expect(refused).toBeInstanceOf(StartRefused);
    expect((refused as StartRefused).exitCode).toBe(1);
    expect((refused as StartRefused).message).toBe(
      `The embedded database cannot start: no space left on the disk of DATA_DIR (ENOSPC) for /var/lib/obra/pglite (PostgreSQL: FATAL: ${walFull}). Free some space there (df -h /var/lib/obra/pglite); the next start goes on by itself`,
    );
  });

  it("adds what PostgreSQL said to PGlite's bare message otherwise", () => {
    const watch = watchEmbeddedDatabase("/x/pglite", () => {});
    watch.onStderr(logLine("FATAL:  database files are incompatible with server"));
    const failed = watch.startFailure(new Error("PGlite failed to initialize properly"));
    expect((failed as Error).message).toBe(
      "PGlite failed to initialize properly (PostgreSQL: FATAL: database files are incompatible with server)",
    );
  });
});
