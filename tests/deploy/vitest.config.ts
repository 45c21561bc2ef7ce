import { defineConfig } from "vitest/config";

/** The deploy test: the production build behind nginx, as docs/deploy.md says (after the build). */
export default defineConfig({
  test: {
    include: ["tests/deploy/**/*.test.ts"],
    // One at a time: the scale-out test's rolling restart under load must not share the two
    // cores with the production install's npm ci.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
