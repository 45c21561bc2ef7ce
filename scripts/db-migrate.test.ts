import { execFile } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../tests/support/database.ts";

/** `npm run db:migrate -- ARGS` in its own process. */
function migrate(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/db-migrate.ts", ...args],
      {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
  });
}

// The embedded database only (the command's check does not depend on the test database).
describe.skipIf(testDatabaseKind !== "pglite")("npm run db:migrate without a database", () => {
  it("refuses a DATA_DIR that holds none unless told --init, and makes nothing", async () => {
    const wrong = path.join(mkdtempSync(path.join(os.tmpdir(), "obra-migrate-")), "ops-nothere");
    const run = await migrate([], { DATA_DIR: wrong });
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      `Error: no hay ninguna base de datos embebida en DATA_DIR (${wrong}); no se ha migrado nada.`,
    );
    expect(run.stderr).toContain("npm run db:migrate -- --init");
    expect(run.code).toBe(1);
    expect(existsSync(wrong)).toBe(false);

    const unknown = await migrate(["--create"], { DATA_DIR: wrong });
    expect(unknown.stderr).toContain("Uso: npm run db:migrate [-- --init]");
    expect(unknown.code).toBe(1);
  });
});
