import { defineConfig } from "vitest/config";

/**
 * The deploy tests: the production build behind nginx, as docs/deploy.md says (after the build),
 * one of them in Debian's Chromium through Playwright's library (scale-out-browser.test.ts).
 */
export default defineConfig({
  test: {
    include: ["tests/deploy/**/*.test.ts"],
    // One at a time: the scale-out test's rolling restart under load must not share the two
    // cores with the production install's npm ci, nor the browser story's 5 s with either.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
