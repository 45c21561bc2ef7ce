/**
 * What a test file opened and has not closed yet: its test apps and databases. A project's test
 * files run one after another in the same worker (vitest.config.ts, decision 185), so an app
 * left open keeps its mail outbox polling a database that is gone, in whatever file runs next.
 * tests/support/each-file.ts fails the file that leaves one open.
 */
const open = new Map<symbol, string>();

/** Notes `what` as open, with where it was opened; answers the function that closes the note. */
export function opened(what: string): () => void {
  const key = Symbol(what);
  const where = (new Error().stack ?? "").split("\n").slice(2, 6).join("\n");
  open.set(key, `${what}\n${where}`);
  return () => void open.delete(key);
}

/** What is still open, each with where it was opened; forgets them. */
export function takeLeftOpen(): string[] {
  const left = [...open.values()];
  open.clear();
  return left;
}
