import { defineConfig } from "vitest/config";

/** Every unit and API test runs twice: on embedded PGlite and on the PostgreSQL server. */
export default defineConfig({
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
