import { afterAll, vi } from "vitest";
import { setupLog } from "../../server/log.ts";
import { takeLeftOpen } from "./left-open.ts";

/**
 * Runs before every test file (vitest.config.ts's setupFiles). A project's files run one after
 * another in the same worker, which keeps the modules loaded (decision 185), so each file leaves
 * the process as it found it. No test app or database may be left open: a test closes what it
 * opens, and this fails the file that does not. What a test may have changed is put back even
 * when it failed before its own restore: spies, stubbed globals and environment variables,
 * fake timers, the logger's output, and the umask, which the server sets to 077 as it prepares
 * a DATA_DIR (a later test's child process would inherit it).
 */
const umask = process.umask();

afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  setupLog(process.env);
  process.umask(umask);
  const left = takeLeftOpen();
  if (left.length > 0) {
    throw new Error(
      `This file left ${left.length} thing(s) open; close each in the test or its afterAll:\n\n${left.join("\n\n")}`,
    );
  }
});
