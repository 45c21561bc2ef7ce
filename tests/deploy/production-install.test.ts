/**
 * The production path of README and docs/deploy.md on a machine that has only the build: the
 * build and the package files copied to an empty folder, `npm ci --omit=dev` there (no tsx, no
 * Vite, no source tree), settings in its `.env`, then every operator command as typed.
 * Needs the build (`npm test` runs it after building) and the npm registry, or npm's cache
 * (CI's own `npm ci` fills it, so the install there takes seconds).
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/ports.ts";

const root = path.resolve(import.meta.dirname, "../..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const folder = mkdtempSync(path.join(os.tmpdir(), "obra-production-"));

/** What every command prints first, in Spanish as they speak, of the misspelt setting. */
const misspelt =
  "Aviso: SMTP_ULR (en .env) no es un ajuste de este sitio y no se usa. ¿Querías decir SMTP_URL?\n";

/** The operator's environment: nothing of this checkout's or of the test runner's. */
const operatorEnv = () => {
  const env = { ...process.env };
  for (const name of ["NODE_ENV", "DATA_DIR", "DATABASE_URL", "REDIS_URL", "PORT", "HOST"])
    delete env[name];
  for (const name of ["BUILD_DIR", "MIGRATIONS_DIR", "APP_URL", "SMTP_URL"]) delete env[name];
  return env;
};

/** `npm run NAME -- ARGS` in the production folder, with `input` on its standard input. */
function npmRun(name: string, args: string[] = [], input = "") {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      "npm",
      ["run", "--silent", name, ...(args.length ? ["--", ...args] : [])],
      { cwd: folder, env: operatorEnv(), timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}

describe("production install: the build and production dependencies only", () => {
  let port = 0;
  let site: ChildProcess | undefined;
  let exited: Promise<void> | undefined;
  const base = () => `http://127.0.0.1:${port}`;

  beforeAll(async () => {
    if (!existsSync(path.join(buildDir, "server/server.js"))) {
      throw new Error(`No build in ${buildDir}: run npm run build first.`);
    }
    cpSync(buildDir, path.join(folder, "build"), { recursive: true });
    mkdirSync(path.join(folder, "scripts"));
    for (const file of [
      "package.json",
      "package-lock.json",
      "scripts/run.mjs",
      "scripts/build-state.mjs",
    ])
      cpSync(path.join(root, file), path.join(folder, file));
    await new Promise<void>((resolve, reject) =>
      execFile(
        "npm",
        ["ci", "--omit=dev", "--ignore-scripts", "--no-audit", "--no-fund", "--prefer-offline"],
        { cwd: folder, env: operatorEnv(), timeout: 300_000 },
        (error, _stdout, stderr) => (error ? reject(new Error(stderr)) : resolve()),
      ),
    );
    port = await freePort();
    // Settings in .env, as on a machine without systemd: every command must read them. One is
    // misspelt, as the reviewer's was: the site ignores it, and everything says so.
    writeFileSync(
      path.join(folder, ".env"),
      `PORT=${port}\nHOST=127.0.0.1\nDATA_DIR=./data\nAPP_URL=http://127.0.0.1:${port}\nSMTP_ULR=smtp://correo.example.com:587\n`,
    );
  }, 360_000);

  afterAll(async () => {
    // Still running only when a test failed before stopping it (a signal leaves exitCode null).
    if (site?.pid && site.exitCode === null && site.signalCode === null) {
      process.kill(-site.pid, "SIGTERM");
    }
    await exited;
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  it("has no build tools installed", () => {
    for (const tool of ["tsx", "vite", "@react-router/dev", "vitest"])
      expect.soft(existsSync(path.join(folder, "node_modules", tool)), tool).toBe(false);
    expect(existsSync(path.join(folder, "server"))).toBe(false);
  });

  it("migrates with the build's migrations, making the embedded database only when told", {
    timeout: 120_000,
  }, async () => {
    const refused = await npmRun("db:migrate");
    expect(refused.stderr).toContain(
      `Error: no hay ninguna base de datos embebida en DATA_DIR (${path.join(folder, "data")})`,
    );
    expect(refused.code).toBe(1);
    const run = await npmRun("db:migrate", ["--init"]);
    expect(run.stderr).toBe(misspelt);
    expect(run.stdout).toContain(
      `Migraciones al día en la base de datos embebida de ${path.join(folder, "data")}`,
    );
    expect(run.code).toBe(0);
  });

  it("serves pages and the API, makes the first admin, backs up and restores", {
    timeout: 240_000,
  }, async () => {
    // As docs/deploy.md's unit starts it (ExecStart: node itself, no npm lines in the journal).
    site = spawn(process.execPath, ["scripts/run.mjs", "serve"], {
      cwd: folder,
      env: operatorEnv(),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const child = site;
    // What the service writes, as journald would collect it: both streams.
    let logged = "";
    const collect = (chunk: Buffer) => {
      logged += chunk.toString();
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    exited = new Promise((resolve) => child.once("exit", () => resolve()));
    let home: Response | undefined;
    for (let i = 0; i < 300 && !home; i++) {
      if (child.exitCode !== null) throw new Error(`the site exited (${child.exitCode})`);
      home = await fetch(`${base()}/`).catch(() => undefined);
      if (!home) await new Promise((r) => setTimeout(r, 200));
    }
    expect(home?.status).toBe(200);
    expect(await home?.text()).toContain("Obra Mediterránea");
    // Mail to files on a production start: the site serves, the monitor sees it is not right.
    const ready = await fetch(`${base()}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: "degraded", mail: "files" });
    expect((await fetch(`${base()}/api/user`)).status).toBe(401);

    // The first admin: the password piped, the running site found through .env.
    const password = "la primera administradora";
    const created = await npmRun(
      "user:create",
      ["--name", "Ana Ruiz", "--email", "ana@example.com", "--role", "super_admin"],
      `${password}\n`,
    );
    expect(created.stderr).toBe(misspelt);
    expect(created.stdout).toContain("Usuario creado (a través del servidor en marcha)");

    const login = await fetch(`${base()}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "ana@example.com", password, remember: false }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const user = await fetch(`${base()}/api/user`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(user.status).toBe(200);
    expect(JSON.stringify(await user.json())).toContain("ana@example.com");

    // A form posted to a page that takes none (a bot; the footer's form before its script ran)
    // is refused, and the log stays one JSON object per line: no raw stack among them.
    const posted = await fetch(`${base()}/team`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=ana%40example.com",
    });
    expect(posted.status).toBe(405);
    // A bad percent escape: React Router would write a raw warning with the path in it.
    const malformed = await fetch(`${base()}/verify-email/abc%E0%A4%A`);
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toBe("La dirección no es válida.");

    const backupFile = path.join(folder, "backups/obra.backup");
    const backup = await npmRun("db:backup", [backupFile]);
    expect(backup.stdout).toContain("a través del servidor en marcha");
    expect(backup.code).toBe(0);

    // systemd's stop (which signals and waits for every process of the unit, here the process
    // group), then the restore, then Ana's account is back.
    process.kill(-(child.pid as number), "SIGTERM");
    await exited;
    await processGroupGone(child.pid as number);
    const lines = logged.split("\n").filter((line) => line.trim() !== "");
    expect(lines.filter((line) => !line.startsWith("{"))).toEqual([]);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ method: "POST", path: "/team", status: 405 }),
    );
    expect(entries.filter((entry) => entry.level === 50)).toEqual([]);
    // The start's warnings: the misspelt setting, and mail written to files in production.
    const warnings = entries.filter((entry) => entry.level === 40).map((entry) => entry.msg);
    expect(warnings).toContain(
      "SMTP_ULR in .env is not a setting of this site and is ignored: did you mean SMTP_URL?",
    );
    expect(warnings).toContainEqual(
      expect.stringMatching(
        /^Mail: no SMTP_URL, written as \.eml files to .*: nobody receives them/,
      ),
    );
    rmSync(path.join(folder, "data/pglite"), { recursive: true, force: true });
    const restore = await npmRun("db:restore", [backupFile]);
    expect(restore.stderr).toBe(misspelt);
    expect(restore.code).toBe(0);
    const again = await npmRun(
      "user:create",
      ["--name", "Ana Ruiz", "--email", "ana@example.com", "--role", "super_admin"],
      `${password}\n`,
    );
    expect(again.stderr).toContain("Ya existe una cuenta con este correo electrónico.");
  });
});

/** Resolves once no process of the group is left, as systemd's stop waits for its unit's. */
async function processGroupGone(groupId: number, timeoutMs = 20_000) {
  for (const start = Date.now(); Date.now() - start < timeoutMs; ) {
    try {
      process.kill(-groupId, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`processes of group ${groupId} still running after ${timeoutMs} ms`);
}
