import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import { isolatedTestFiles } from "./tests/support/isolated-files.ts";

const include = ["{server,app,content,scripts,tests/unit}/**/*.test.{ts,tsx}"];

/**
 * Every unit and API test runs twice: on embedded PGlite and on the PostgreSQL server. A
 * worker runs file after file without reloading the modules (decision 185): each file closes what it opens and restores what it changes
 * (tests/support/each-file.ts checks it). The few files that mock a module run in a project of
 * their own, each with fresh modules, once: none of them uses a database.
 */
export default defineConfig({
  // tsconfig's "~/*" paths, so that a test can render the app's components.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    globalSetup: ["./tests/support/global-setup.ts"],
    setupFiles: ["./tests/support/each-file.ts"],
    // At least two workers, even on CI's two cores where vitest's default (cores - 1) is one:
    // files then run two at a time, and one's waits (its PostgreSQL server, a child process,
    // a socket) are the other's CPU time. 369 s to 195 s on a quiet CI machine (decision 185).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      ...(["pglite", "postgres"] as const).map((database) => ({
        extends: true as const,
        test: {
          name: database,
          env: { TEST_DB: database },
          include,
          exclude: [...configDefaults.exclude, ...isolatedTestFiles],
          isolate: false,
        },
      })),
      {
        extends: true,
        test: {
          name: "isolated",
          env: { TEST_DB: "pglite" },
          include: [...isolatedTestFiles],
          isolate: true,
        },
      },
    ],
  },
});
