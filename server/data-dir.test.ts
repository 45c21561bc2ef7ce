import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { goodPassword } from "../tests/support/accounts.ts";
import { startApiServer, startRefused } from "../tests/support/api-server.ts";
import { lockEmbeddedDatabase } from "./data-dir.ts";

/** Every file and folder under `dir` (itself included) with its permission bits. */
function modes(dir: string): { path: string; mode: string }[] {
  const own = { path: dir, mode: (lstatSync(dir).mode & 0o777).toString(8) };
  if (!lstatSync(dir).isDirectory()) return [own];
  return [own, ...readdirSync(dir).flatMap((name) => modes(path.join(dir, name)))];
}

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "obra-data-"));

// Issue 10 item 9: with the usual umask the PGlite files were 0666 and the mail files (live
// links) 0644, readable and writable by every account on the machine. The embedded database is
// what this is about, so the PostgreSQL project does not repeat it.
describe.runIf(process.env.TEST_DB !== "postgres")("DATA_DIR is the server account's only", () => {
  it("started with umask 000, every folder is 0700 and every file 0600, mail included", async () => {
    const dataDir = path.join(tempDir(), "data");
    const server = await startApiServer({ env: { DATA_DIR: dataDir }, umask: "000" });
    try {
      const registered = await fetch(`${server.base}/api/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          name: "Lucía Martínez",
          email: "lucia@example.com",
          password: goodPassword,
          password_confirmation: goodPassword,
        }),
      });
      expect(registered.status).toBe(201);
      // The verification mail (a live link) is written by the outbox a moment later: its log
      // line follows the file's last byte. (The loop here looked for a "[mail]" that the log no
      // longer writes, and so always waited its full 10 s, decision 195.)
      await vi.waitFor(() => expect(server.stdout()).toContain('"msg":"mail: written to a file"'), {
        timeout: 30_000,
        interval: 100,
      });
      expect(readdirSync(path.join(dataDir, "mail"))).toHaveLength(1);
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const all = modes(dataDir);
    expect(all.length).toBeGreaterThan(100);
    const open = all.filter(({ path: p, mode }) =>
      lstatSync(p).isDirectory() ? mode !== "700" : mode !== "600",
    );
    expect(open).toEqual([]);
  }, 180_000);

  it("refuses to start, in one line, on a data folder other accounts can write", async () => {
    const shared = tempDir();
    chmodSync(shared, 0o777);
    // A folder left by an older version: the folder is fine, a file in it is not.
    const older = tempDir();
    mkdirSync(path.join(older, "mail"));
    writeFileSync(path.join(older, "mail", "old.eml"), "reset link");
    chmodSync(path.join(older, "mail", "old.eml"), 0o666);

    for (const dataDir of [shared, older]) {
      const { listened, code, errors } = await startRefused({ DATA_DIR: dataDir });
      expect(listened).toBe(false);
      // Only the operator can mend it: the settings' exit status, so systemd stops retrying.
      expect(code).toBe(78);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(dataDir);
      expect(errors[0]).toContain(`chmod -R go-rwx ${dataDir}`);
    }
  }, 60_000);

  it("started beside a process filling the folder, says the database is in use, not open to others", async () => {
    // A site mid-initdb: it holds the database, and its files are 0666 until it tightens them.
    const dataDir = tempDir();
    const unlock = lockEmbeddedDatabase(dataDir);
    try {
      mkdirSync(path.join(dataDir, "pglite"));
      writeFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "17\n");
      chmodSync(path.join(dataDir, "pglite", "PG_VERSION"), 0o666);

      // Exit status 1, not the settings' 78: a retry finds the database free (systemd may
      // restart it).
      expect(await startRefused({ DATA_DIR: dataDir })).toEqual({
        listened: false,
        code: 1,
        errors: [expect.stringContaining(`is in use by another process (pid ${process.pid})`)],
      });
    } finally {
      unlock();
    }
  }, 60_000);
});
