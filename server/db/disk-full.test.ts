/**
 * The embedded database on a disk that fills up, for real (decision 174): a 64 MB tmpfs as
 * DATA_DIR. Before, the write that needed a new log segment left PGlite spinning (no request, no
 * probe, no SIGTERM answered) and the restart said only "PGlite failed to initialize properly".
 * Needs root's mount(8); skipped where it cannot mount (the rest is covered without a real disk:
 * pglite-crash.test.ts, the fake free space of health.test.ts and quote-short-of-space.test.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { startApiServer } from "../../tests/support/api-server.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** A fresh tmpfs of `megabytes`, unmounted when the test ends; undefined where none can be made. */
function smallDisk(megabytes: number): string | undefined {
  if (process.platform !== "linux" || process.getuid?.() !== 0) return undefined;
  const folder = mkdtempSync(path.join(os.tmpdir(), "obra-small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", folder], {
      stdio: "ignore",
    });
  } catch {
    rmSync(folder, { recursive: true, force: true });
    return undefined;
  }
  onTestFinished(() => {
    execFileSync("umount", ["-l", folder]);
    rmSync(folder, { recursive: true, force: true });
  });
  return folder;
}

describe.runIf(process.env.TEST_DB !== "postgres")("the embedded database on a full disk", () => {
  it("ends the process naming ENOSPC and DATA_DIR, refuses to start saying so, starts once there is room", async (context) => {
    const disk = smallDisk(64);
    if (!disk) return context.skip();
    const dataDir = path.join(disk, "data");
    const pglite = path.join(dataDir, "pglite");

    // The log cannot grow: the process ends at once, in one line, instead of spinning.
    const filler = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/fixtures/embedded-disk-full.ts"],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "info" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    filler.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    filler.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const spinning = setTimeout(() => filler.kill("SIGKILL"), 60_000);
    const [code, signal] = await once(filler, "exit");
    clearTimeout(spinning);
    expect({ code, signal }).toEqual({ code: 1, signal: null });
    const stopped = `The embedded database stopped: no space left on the disk of DATA_DIR (ENOSPC) for ${pglite} (PostgreSQL: PANIC: could not write to file "pg_wal/xlogtemp.`;
    expect(stderr).toContain(stopped);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).toContain(
      "The process exits with status 1 so that it is started again; the database recovers from its log once there is space",
    );
    // The same line in the log, at fatal level.
    const fatal = stdout
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line))
      .find((line) => line.level === 60);
    expect(fatal?.msg).toContain(stopped);

    // A restart on the same full disk says why in one line; systemd may try again (status 1).
    const refused = await startApiServer({ env: { DATA_DIR: dataDir } });
    expect((await refused.exited)[0]).toBe(1);
    expect(refused.stderr()).toMatch(
      new RegExp(
        `^The embedded database cannot start: no space left on the disk of DATA_DIR \\(ENOSPC\\) for ${pglite} \\(PostgreSQL: FATAL: could not write to file "pg_wal/xlogtemp\\.\\d+": No space left on device\\)\\. Free some space there \\(df -h ${pglite}\\); the next start goes on by itself\\n$`,
      ),
    );

    // Room again: the database recovers from its log; the start and /readyz tell of the small disk.
    rmSync(path.join(dataDir, "filler"));
    const server = await startApiServer({ env: { DATA_DIR: dataDir } });
    onTestFinished(async () => {
      await server.stop();
    });
    expect(server.stdout()).toContain("Listening");
    expect(server.stdout()).toContain(`"msg":"DATA_DIR ${dataDir}: `);
    const ready = await (await fetch(`${server.base}/readyz`)).json();
    expect(ready).toMatchObject({ status: "degraded", database: "ok", disk: "low" });
    expect(ready.disk_free_mb.data_dir).toBeLessThan(64);
  }, 120_000);
});
