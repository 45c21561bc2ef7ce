/**
 * Vitest runs every test file twice, once per database (vitest.config.ts). A test that uses no
 * database proves nothing new the second time, so the slower ones skip themselves in the
 * postgres project: `describe.skipIf(databaseFreeAlreadyRan)` (decision 170).
 */
export const databaseFreeAlreadyRan = process.env.TEST_DB === "postgres";
