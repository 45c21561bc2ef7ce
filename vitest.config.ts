import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Every unit and API test runs twice: on embedded PGlite and on the PostgreSQL server. */
export default defineConfig({
  // tsconfig's "~/*" paths, so that a test can render the app's components.
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    globalSetup: ["./tests/support/global-setup.ts"],
    include: ["{server,app,content,scripts,tests/unit}/**/*.test.{ts,tsx}"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: "pglite", env: { TEST_DB: "pglite" } } },
      { extends: true, test: { name: "postgres", env: { TEST_DB: "postgres" } } },
    ],
  },
});
