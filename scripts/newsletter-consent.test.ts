import { execFile } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "../tests/support/database.ts";

// The embedded database only (the command's check does not depend on the test database).
describe.skipIf(testDatabaseKind !== "pglite")(
  "npm run newsletter:consent without a database",
  () => {
    it("refuses a DATA_DIR that holds none instead of answering «nothing held» from a new one", async () => {
      const wrong = path.join(mkdtempSync(path.join(os.tmpdir(), "obra-consent-")), "ops-nothere");
      const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
        execFile(
          process.execPath,
          ["--import", "tsx", "scripts/newsletter-consent.ts", "nuria@example.test"],
          {
            cwd: path.resolve(import.meta.dirname, ".."),
            env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", DATA_DIR: wrong },
            timeout: 60_000,
          },
          (error, stdout, stderr) =>
            resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
        ),
      );
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain(
        `Error: no hay ninguna base de datos embebida en DATA_DIR (${wrong}); no se ha consultado nada.`,
      );
      expect(run.code).toBe(1);
      expect(existsSync(wrong)).toBe(false);
    });
  },
);
