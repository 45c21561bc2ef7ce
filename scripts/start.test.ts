/**
 * Wrong settings stop every way of starting before anything happens: `npm start` (before it
 * builds), the build itself, and the server (what `npm start` runs once a build is there).
 * Each says, in one line per setting, which one and what it expects; no stack trace.
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migratedDataDir } from "../tests/support/database.ts";
import { databaseFreeAlreadyRan } from "../tests/support/database-free.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Runs a command to its end with `env` over a clean environment; stdout, stderr, exit code. */
function run(command: string[], env: Record<string, string>, timeoutMs = 170_000) {
  const [program = "", ...args] = command;
  const child = spawn(program, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c) => {
    stdout += c;
  });
  child.stderr.on("data", (c) => {
    stderr += c;
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

const wrong = {
  DATABASE_URL: "garbage",
  HOST: "no such host!",
  PORT: "70000",
  APP_URL: "https://www.example.es/obra",
  SMTP_URL: "garbage",
  REDIS_URL: "localhost:6379",
  TRUST_PROXY: "yes",
};

/** One line per wrong setting, in the schema's order, and nothing else. */
function expectOneLineEach(stderr: string) {
  const lines = stderr.trimEnd().split("\n");
  expect(lines.map((l) => /^Invalid setting (\w+): expected /.exec(l)?.[1])).toEqual([
    "PORT",
    "HOST",
    "APP_URL",
    "DATABASE_URL",
    "SMTP_URL",
    "REDIS_URL",
    "TRUST_PROXY",
  ]);
  expect(stderr).not.toMatch(/^\s+at /m);
  // The value is never repeated: a URL may hold a password.
  expect(stderr).not.toContain("garbage");
}

const emptyBuildDir = () => mkdtempSync(path.join(os.tmpdir(), "obra-nobuild-"));

// Each spawns Node with tsx: seconds on a quiet machine, far more on a busy one.
describe.skipIf(databaseFreeAlreadyRan)("wrong settings", { timeout: 180_000 }, () => {
  it("npm start refuses them before building", async () => {
    const { code, stdout, stderr } = await run(["node", "scripts/start.mjs"], {
      ...wrong,
      BUILD_DIR: emptyBuildDir(),
    });
    expect(code).toBe(78);
    expect(stdout).not.toContain("Building");
    expectOneLineEach(stderr);
  });

  it("npm start names the one wrong setting and what it expects", async () => {
    const { code, stderr } = await run(["node", "scripts/start.mjs"], {
      SMTP_URL: "garbage",
      BUILD_DIR: emptyBuildDir(),
    });
    expect(code).toBe(78);
    expect(stderr).toBe(
      "Invalid setting SMTP_URL: expected smtp://user:password@host:587 or smtps://user:password@host:465, with a host (unset: mail is written to files)\n",
    );
  });

  it("the build refuses them before it starts", async () => {
    const buildDir = emptyBuildDir();
    const { code, stderr } = await run(["npx", "react-router", "build"], {
      APP_URL: "www.example.es",
      BUILD_DIR: buildDir,
    });
    expect(code).toBe(78);
    expect(stderr.trim().split("\n").at(-1)).toBe(
      "Invalid setting APP_URL: expected the site's public address, http:// or https:// and a host without a path, such as https://www.example.es",
    );
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it("the server refuses them first thing", async () => {
    const { code, stdout, stderr } = await run(
      ["node", "--import", "tsx", "tests/support/fixtures/api-server.ts"],
      wrong,
    );
    expect(code).toBe(78);
    expect(stdout).toBe("");
    expectOneLineEach(stderr);
  });
});

describe.skipIf(databaseFreeAlreadyRan)("a start that cannot go on", { timeout: 180_000 }, () => {
  const serve = (env: Record<string, string>) =>
    run(["node", "--import", "tsx", "tests/support/fixtures/api-server.ts"], {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "obra-start-")),
      LOG_LEVEL: "silent",
      ...env,
    });

  // The two starts that fail at listening: a migrated database spares them making one first.
  it("says in one line that the port is taken", async () => {
    const taken = net.createServer().listen(0, "127.0.0.1");
    await new Promise((r) => taken.once("listening", r));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const { code, stderr } = await serve({
        DATA_DIR: await migratedDataDir(),
        HOST: "127.0.0.1",
        PORT: String(port),
      });
      expect(code).toBe(1);
      expect(stderr).toBe(`Cannot listen on 127.0.0.1:${port}: the port is in use (PORT)\n`);
    } finally {
      taken.close();
    }
  });

  it("says in one line that the address is not this machine's", async () => {
    const { code, stderr } = await serve({
      DATA_DIR: await migratedDataDir(),
      HOST: "192.0.2.1",
      PORT: "0",
    });
    expect(code).toBe(1);
    expect(stderr).toBe("Cannot listen on 192.0.2.1:0: not an address of this machine (HOST)\n");
  });

  it("says which settings name a host that does not resolve", async () => {
    const { code, stderr } = await serve({
      DATABASE_URL: "postgres://obra:secreto@db.example.invalid:5432/obra",
      PORT: "0",
    });
    expect(code).toBe(1);
    expect(stderr).toBe("DATABASE_URL: the host name db.example.invalid does not resolve\n");
  });

  it("says in one line that the database does not answer", async () => {
    const closed = net.createServer().listen(0, "127.0.0.1");
    await new Promise((r) => closed.once("listening", r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const { code, stderr } = await serve({
      DATABASE_URL: `postgres://obra:secreto@127.0.0.1:${port}/obra`,
      PORT: "0",
    });
    // The server may be starting: systemd tries again.
    expect(code).toBe(1);
    expect(stderr).toBe(
      `DATABASE_URL: no PostgreSQL answers at 127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port})\n`,
    );
    expect(stderr).not.toContain("secreto");
  });

  it("names DATABASE_URL, and stops retries, for a database, role or password PostgreSQL refuses", async () => {
    for (const [sqlstate, says] of [
      ["3D000", 'database "obra" does not exist'],
      ["28000", 'role "obra" does not exist'],
      ["28P01", 'password authentication failed for user "obra"'],
    ]) {
      // What PostgreSQL answers a start-up message it refuses: one ErrorResponse, then it hangs up.
      const fields = `SFATAL\0VFATAL\0C${sqlstate}\0M${says}\0\0`;
      const refusal = Buffer.alloc(5 + Buffer.byteLength(fields));
      refusal.write("E");
      refusal.writeInt32BE(refusal.length - 1, 1);
      refusal.write(fields, 5);
      const postgres = net
        .createServer((socket) => socket.once("data", () => socket.end(refusal)))
        .listen(0, "127.0.0.1");
      await new Promise((r) => postgres.once("listening", r));
      const port = (postgres.address() as net.AddressInfo).port;
      try {
        const { code, stderr } = await serve({
          DATABASE_URL: `postgres://obra:secreto@127.0.0.1:${port}/obra`,
          PORT: "0",
        });
        expect(code, sqlstate).toBe(78);
        expect(stderr).toBe(
          `DATABASE_URL: PostgreSQL at 127.0.0.1:${port} refused the connection: ${says}\n`,
        );
      } finally {
        postgres.close();
      }
    }
  });

  it("names DATA_DIR, and stops retries, when it cannot be a folder", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "obra-start-")), "a-file");
    writeFileSync(file, "");
    for (const [dataDir, code] of [
      [path.join(file, "data"), "ENOTDIR"],
      [file, "EEXIST"],
    ]) {
      const answer = await serve({ DATA_DIR: dataDir as string, PORT: "0" });
      expect(answer.code, code).toBe(78);
      expect(answer.stderr).toBe(
        `DATA_DIR ${dataDir} is not a folder: it, or a folder on its path, is a file (${code}); set DATA_DIR to a folder this account can write\n`,
      );
    }
  });

  // Root may write any folder: only another account can see the refusal.
  it.skipIf(process.getuid?.() === 0)(
    "names DATA_DIR, and stops retries, when this account cannot write it",
    async () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), "obra-start-"));
      chmodSync(dataDir, 0o500);
      const { code, stderr } = await serve({ DATA_DIR: dataDir, PORT: "0" });
      expect(code).toBe(78);
      expect(stderr).toBe(
        `DATA_DIR ${dataDir} cannot be written by this account (EACCES); set DATA_DIR to a folder this account can write\n`,
      );
    },
  );
});
