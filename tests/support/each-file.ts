import { afterAll, vi } from "vitest";
import { takeLeftOpen } from "./left-open.ts";

/**
 * Runs before every test file (vitest.config.ts's setupFiles). A project's files share one
 * process and its modules (decision 185), so each file leaves them as it found them: no test
 * app or database still open (a test closes what it opens, this fails the file that does not),
 * and what a test may have changed put back even when the test failed before its own restore:
 * spies, stubbed globals and environment variables, fake timers, and the umask, which the
 * server sets to 077 as it prepares a DATA_DIR (a later test's child process would inherit it).
 */
const umask = process.umask();

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  process.umask(umask);
  const left = takeLeftOpen();
  if (left.length > 0) {
    throw new Error(
      `This file left ${left.length} thing(s) open; close each in the test or its afterAll:\n\n${left.join("\n\n")}`,
    );
  }
});
