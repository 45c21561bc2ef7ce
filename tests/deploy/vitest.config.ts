import { defineConfig } from "vitest/config";

/** The deploy test: the production build behind nginx, as docs/deploy.md says (after the build). */
export default defineConfig({
  test: {
    include: ["tests/deploy/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
