import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, onTestFinished } from "vitest";
import { goodPassword } from "../tests/support/accounts.ts";
import { startApiServer, startRefused } from "../tests/support/api-server.ts";
import { migratedDataDir } from "../tests/support/database.ts";

const register = (base: string, email: string) =>
  fetch(`${base}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "Lucía Martínez",
      email,
      password: goodPassword,
      password_confirmation: goodPassword,
    }),
  });

// Issue 15: a second server on the same embedded data folder only warned and kept serving, and
// an acknowledged registration was lost. PostgreSQL instances share nothing here, so the
// PostgreSQL project does not repeat it.
describe.runIf(process.env.TEST_DB !== "postgres")("one process per embedded database", () => {
  it("a second server refuses to start; the CLI goes through the first; a killed one's lock does not block a restart", async () => {
    const dataDir = await migratedDataDir();
    const first = await startApiServer({ env: { DATA_DIR: dataDir } });
    onTestFinished(() => {
      first.child.kill("SIGKILL");
    });
    expect(first.stdout()).toContain("Listening");

    expect(await startRefused({ DATA_DIR: dataDir })).toEqual({
      listened: false,
      code: 1,
      errors: [expect.stringContaining(`is in use by another process (pid ${first.child.pid})`)],
    });

    // The operator's CLI still reaches the database, through the running server.
    const cli = await promisify(execFile)(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/user-create.ts",
        ...["--name", "Olga Obra", "--email", "olga@example.com", "--password", goodPassword],
        ...["--role", "admin"],
      ],
      { cwd: path.resolve(import.meta.dirname, ".."), env: { ...process.env, DATA_DIR: dataDir } },
    );
    expect(cli.stdout).toContain("a través del servidor en marcha");
    expect((await register(first.base, "antes@example.com")).status).toBe(201);

    // Killed (OOM, power cut): its lock stays behind, naming a process that is gone.
    first.child.kill("SIGKILL");
    await first.exited;
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);

    const restarted = await startApiServer({ env: { DATA_DIR: dataDir } });
    try {
      expect(restarted.stdout()).toContain("Listening");
      // Both accounts made before the kill are there: the address is taken.
      expect((await register(restarted.base, "antes@example.com")).status).toBe(422);
      expect((await register(restarted.base, "olga@example.com")).status).toBe(422);
    } finally {
      expect(await restarted.stop()).toBe(0);
    }
    expect(existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
  }, 240_000);
});
