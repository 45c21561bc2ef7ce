/**
 * The test files that replace a module (vi.mock, vi.doMock, vi.resetModules). They run in
 * vitest.config.ts's "isolated" project, each with modules of its own, once and without a
 * database: in the other projects a file's modules are the ones earlier files loaded, so a
 * mock would come too late, or stay for the files after it (decision 185).
 * tests/unit/test-isolation.test.ts checks this list against the files.
 */
export const isolatedTestFiles = ["server/leads/multipart.test.ts"] as const;
