import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { verifyPassword } from "../server/auth/passwords.ts";
import { type ControlSocket, startControlSocket } from "../server/control.ts";
import { lockEmbeddedDatabase, makeOwnerOnly } from "../server/data-dir.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "../server/db/client.ts";
import {
  accessTokens,
  adminAudit,
  mailOutbox,
  recoveryCodes,
  roles,
  twoFactorSecrets,
  users,
} from "../server/db/schema.ts";
import { startApiServer } from "../tests/support/api-server.ts";
import { createTestDatabase, skipDatabase, testDatabaseKind } from "../tests/support/database.ts";
import { databaseFreeAlreadyRan } from "../tests/support/database-free.ts";
import {
  adminUrl,
  databaseUrl,
  templateName,
  testDatabaseName,
} from "../tests/support/postgres.ts";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run user:create -- …` as an operator types it, in its own process; `input` is what a
 * script pipes into it (a password). `runner` starts it as package.json does (scripts/run.mjs).
 */
function userCreate(
  args: string[],
  env: Record<string, string>,
  options: { input?: string; runner?: string; onStderr?: (text: string) => void } = {},
): Promise<Run> {
  const command = options.runner
    ? [options.runner, "user:create"]
    : ["--import", "tsx", "scripts/user-create.ts"];
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [...command, ...args],
      {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", ...env },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
    );
    child.stderr?.on("data", (chunk) => options.onStderr?.(String(chunk)));
    child.stdin?.end(options.input ?? "");
  });
}

/**
 * The same on a terminal (util-linux's `script` gives it one): answers each password prompt
 * once it shows, and returns everything the terminal displayed.
 */
function userCreateOnTerminal(args: string[], env: Record<string, string>, answers: string[]) {
  const command = [process.execPath, "--import", "tsx", "scripts/user-create.ts", ...args]
    .map((word) => `'${word}'`)
    .join(" ");
  return new Promise<{ code: number | null; screen: string }>((resolve, reject) => {
    const child = spawn("script", ["-qec", command, "/dev/null"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", ...env },
    });
    let screen = "";
    let prompts = 0;
    child.stdout.on("data", (chunk: Buffer) => {
      screen += chunk.toString();
      const shown =
        screen.match(/Contraseña \(no se muestra\): |Repite la contraseña: /g)?.length ?? 0;
      for (; prompts < shown; prompts++) child.stdin.write(`${answers[prompts]}\r`);
    });
    const timer = setTimeout(() => child.kill(), 60_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, screen });
    });
  });
}

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "obra-cli-"));

const admin = (email: string, extra: string[] = []) => [
  "--name",
  "Olga Obra",
  "--email",
  email,
  "--password",
  "pasillo-largo-2026",
  "--role",
  "admin",
  ...extra,
];

describe.skipIf(databaseFreeAlreadyRan)("npm run user:create: bad arguments", () => {
  it("explains what is missing and exits with 1", async () => {
    const run = await userCreate(["--name", "Olga"], { DATA_DIR: tempDir() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Error: faltan datos: --email, --role.");
    expect(run.stderr).toContain("npm run user:create -- --name NOMBRE --email CORREO --role ROL");
  });

  it("--reset-two-factor takes an e-mail and nothing else", async () => {
    const bare = await userCreate(["--reset-two-factor"], {});
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain("Error: falta --email.");
    const mixed = await userCreate(["--reset-two-factor", ...admin("a@example.test")], {});
    expect(mixed.code).toBe(1);
    expect(mixed.stderr).toContain(
      "--reset-two-factor solo lleva --email (sobra: --name, --password, --role)",
    );
  });

  it("refuses an unknown option and an unknown role", async () => {
    const unknown = await userCreate([...admin("o@example.test"), "--colour", "red"], {
      DATA_DIR: tempDir(),
    });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("argumentos no válidos");

    const role = await userCreate(
      ["--name", "Olga", "--email", "o@example.test", "--password", "x", "--role", "jefa"],
      { DATA_DIR: tempDir() },
    );
    expect(role.code).toBe(1);
    expect(role.stderr).toContain(
      "Error: el rol «jefa» no existe. Usa uno de estos: super_admin, admin, guest_user.",
    );
  });
});

describe.skipIf(testDatabaseKind !== "pglite")("npm run user:create without a database", () => {
  it("refuses a DATA_DIR that holds no database, and makes none there", async () => {
    // A typing mistake in DATA_DIR: the folder does not exist.
    const wrong = path.join(tempDir(), "ops-nothere");
    const run = await userCreate(admin("olga@example.test"), { DATA_DIR: wrong });
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(
      `Error: no hay ninguna base de datos embebida en DATA_DIR (${wrong}); no se ha creado el usuario.`,
    );
    expect(run.stderr).toContain("npm run db:migrate -- --init");
    expect(run.code).toBe(1);
    expect(existsSync(wrong)).toBe(false);
  });
});

describe.skipIf(skipDatabase)("npm run user:create with no server running on its database", () => {
  let env: Record<string, string>;
  let open: () => Promise<DatabaseHandle>;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    const dataDir = tempDir();
    if (testDatabaseKind === "pglite") {
      env = { DATA_DIR: dataDir };
      open = () => openPglite({ dataDir: path.join(dataDir, "pglite") });
      // The site's database, as its first start leaves it (owner-only).
      const site = await openPglite({
        dataDir: path.join(dataDir, "pglite"),
        loadDataDir: new Blob([readFileSync(inject("pgliteDump"))]),
      });
      await site.close();
      makeOwnerOnly(dataDir, { evenWritable: true });
      return;
    }
    // A database of its own, copied from the run's migrated template, reached by URL.
    const runPid = inject("runPid");
    const name = testDatabaseName(runPid, `cli${randomBytes(3).toString("hex")}`);
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`create database "${name}" template "${templateName(runPid)}"`);
    await client.end();
    env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(name) };
    open = () => openPostgres(databaseUrl(name));
    // A site on another database answering in the same DATA_DIR (decision 022): the command
    // names DATABASE_URL, so that is where the user goes, not through this socket.
    const other = await createTestDatabase();
    const elsewhere = await startControlSocket({ db: other.db, dataDir });
    dropDatabase = async () => {
      await elsewhere?.close();
      await other.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    };
  });
  afterAll(() => dropDatabase());

  it("opens the database itself and creates a verified admin", { timeout: 90_000 }, async () => {
    const run = await userCreate(admin("Olga@Example.test"), env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Usuario creado \(en la base de datos .*\): Olga Obra <olga@example\.test>, rol admin, verificado, id \d+\.\n$/,
    );

    const again = await userCreate(admin("OLGA@example.test"), env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("email: Ya existe una cuenta con este correo electrónico.");

    const database = await open();
    try {
      const [row] = await database.db
        .select({ verified: users.email_verified_at, role: roles.name })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.role_id))
        .where(eq(users.email, "olga@example.test"));
      expect(row?.role).toBe("admin");
      expect(row?.verified).not.toBeNull();
    } finally {
      await database.close();
    }
  });

  it("--reset-two-factor removes a lost second factor and closes the sessions", {
    timeout: 90_000,
  }, async () => {
    expect((await userCreate(admin("rosa@example.test"), env)).code).toBe(0);
    // The embedded database is one process's at a time: closed before the command opens it.
    let database = await open();
    const id = await enrolled(database.db, "rosa@example.test");
    await database.close();

    const run = await userCreate(["--reset-two-factor", "--email", "ROSA@example.test"], env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Verificación en dos pasos quitada \(en la base de datos .*\) a Olga Obra <rosa@example\.test>; sus sesiones están cerradas/,
    );
    database = await open();
    try {
      await expectReset(database.db, id, "rosa@example.test");
    } finally {
      await database.close();
    }

    const nobody = await userCreate(["--reset-two-factor", "--email", "nadie@example.test"], env);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("No hay ninguna cuenta con el correo nadie@example.test.");
  });
});

/**
 * A second factor and a session for the account `email`, written straight into `db` (what
 * enrolment and a sign-in leave), for --reset-two-factor to remove.
 */
async function enrolled(db: DatabaseHandle["db"], email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  await db
    .insert(twoFactorSecrets)
    .values({ user_id: user.id, secret: "JBSWY3DPEHPK3PXP", confirmed_at: new Date() });
  await db.insert(recoveryCodes).values({ user_id: user.id, code_hash: "x" });
  await db.insert(accessTokens).values({
    user_id: user.id,
    token_hash: randomBytes(32).toString("hex"),
    expires_at: new Date(Date.now() + 60_000),
  });
  return user.id;
}

/** What --reset-two-factor must leave: no factor, no codes, no session, an audit entry, a mail. */
async function expectReset(db: DatabaseHandle["db"], userId: number, email: string) {
  expect(
    await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.user_id, userId)),
  ).toEqual([]);
  expect(await db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, userId))).toEqual(
    [],
  );
  expect(await db.select().from(accessTokens).where(eq(accessTokens.user_id, userId))).toEqual([]);
  const [entry] = await db.select().from(adminAudit).where(eq(adminAudit.record_id, userId));
  expect(entry).toMatchObject({ action: "two_factor_reset", resource: "users", actor_id: null });
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  expect(mail?.subject).toBe(
    "Se ha restablecido tu verificación en dos pasos en Obra Mediterránea",
  );
}

// Only the embedded database has a control socket beside the running site (server/serve.ts);
// with DATABASE_URL the command opens the database itself, as the block above tests on both.
describe.skipIf(testDatabaseKind !== "pglite")("npm run user:create while the server runs", () => {
  let database: DatabaseHandle;
  let control: ControlSocket;
  const dataDir = tempDir();

  beforeAll(async () => {
    database = await createTestDatabase();
    const started = await startControlSocket({ db: database.db, dataDir });
    if (!started) throw new Error("control socket did not start");
    control = started;
  });
  afterAll(async () => {
    await control.close();
    await database.close();
  });

  it("goes through the server's control socket", { timeout: 60_000 }, async () => {
    const run = await userCreate(admin("pilar@example.test"), { DATA_DIR: dataDir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Usuario creado (a través del servidor en marcha): Olga Obra");
    const [row] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "pilar@example.test"));
    expect(row?.email_verified_at).not.toBeNull();
  });

  it("--reset-two-factor goes through the server's control socket", {
    timeout: 60_000,
  }, async () => {
    expect((await userCreate(admin("sara@example.test"), { DATA_DIR: dataDir })).code).toBe(0);
    const id = await enrolled(database.db, "sara@example.test");
    const run = await userCreate(["--reset-two-factor", "--email", "sara@example.test"], {
      DATA_DIR: dataDir,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "Verificación en dos pasos quitada (a través del servidor en marcha)",
    );
    await expectReset(database.db, id, "sara@example.test");
  });

  it("reports the server's refusal of a weak password", { timeout: 60_000 }, async () => {
    const run = await userCreate(
      [
        "--name",
        "Débil",
        "--email",
        "debil@example.test",
        "--password",
        "qwerty",
        "--role",
        "guest_user",
      ],
      { DATA_DIR: dataDir },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Error: no se ha creado el usuario.");
    expect(run.stderr).toContain("password: La contraseña debe tener al menos 8 caracteres.");
    expect(
      await database.db.select().from(users).where(eq(users.email, "debil@example.test")),
    ).toEqual([]);
  });
  const withoutPassword = (email: string) => admin(email).filter((_, i) => i !== 4 && i !== 5);

  it("reads the password from standard input when piped", { timeout: 60_000 }, async () => {
    const run = await userCreate(
      withoutPassword("piped@example.test"),
      { DATA_DIR: dataDir },
      { input: "tubería-secreta-2026\n" },
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const login = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "piped@example.test"));
    expect(login).toHaveLength(1);
    expect(await verifyPassword(login[0]?.password_hash ?? "", "tubería-secreta-2026")).toBe(true);

    const empty = await userCreate(withoutPassword("empty@example.test"), { DATA_DIR: dataDir });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("Error: falta la contraseña (la entrada estándar está vacía).");
  });

  it("asks twice on a terminal and never shows the password", { timeout: 90_000 }, async () => {
    const secret = "terminal-secreta-2026";
    const run = await userCreateOnTerminal(
      withoutPassword("tty@example.test"),
      { DATA_DIR: dataDir },
      [secret, secret],
    );
    expect(run.screen).toContain("Contraseña (no se muestra): ");
    expect(run.screen).toContain("Repite la contraseña: ");
    expect(run.screen).toContain("Usuario creado (a través del servidor en marcha)");
    expect(run.screen).not.toContain(secret);
    expect(run.code).toBe(0);

    const typo = await userCreateOnTerminal(
      withoutPassword("typo@example.test"),
      { DATA_DIR: dataDir },
      [secret, `${secret}x`],
    );
    expect(typo.screen).toContain("las dos contraseñas no coinciden");
    expect(typo.code).toBe(1);
    expect(
      await database.db.select().from(users).where(eq(users.email, "typo@example.test")),
    ).toEqual([]);
  });

  it("finds the running server through .env, as npm run user:create does", {
    timeout: 60_000,
  }, async () => {
    // A project folder of its own, so its .env is the only one: the runner and the sources.
    const project = tempDir();
    const root = path.resolve(import.meta.dirname, "..");
    mkdirSync(path.join(project, "scripts"));
    for (const file of ["run.mjs", "build-state.mjs"]) {
      copyFileSync(path.join(root, "scripts", file), path.join(project, "scripts", file));
    }
    symlinkSync(
      path.join(root, "scripts/user-create.ts"),
      path.join(project, "scripts/user-create.ts"),
    );
    symlinkSync(path.join(root, "node_modules"), path.join(project, "node_modules"));
    // With a misspelt DATABASE_URL beside it: ignored, so the running embedded site is found,
    // and the command says so first.
    writeFileSync(
      path.join(project, ".env"),
      `DATA_DIR=${dataDir}\nDATABSE_URL=postgres://obra@127.0.0.1:5432/obra\n`,
    );

    const run = await userCreate(
      admin("dotenv@example.test"),
      {},
      { runner: path.join(project, "scripts/run.mjs") },
    );
    expect(run.stderr).toBe(
      "Aviso: DATABSE_URL (en .env) no es un ajuste de este sitio y no se usa. ¿Querías decir DATABASE_URL?\n",
    );
    expect(run.stdout).toContain("Usuario creado (a través del servidor en marcha)");
    expect(run.code).toBe(0);
  });
});

// Typed while the site starts on a new DATA_DIR, the command met the start's passing states and
// stopped: no PG_VERSION yet (initdb running), initdb's 0666 files not yet made owner-only
// («can be written by other accounts»), then the database locked before the socket listened.
// It now waits for the site that holds the database; a folder really open to others is refused.
describe.skipIf(testDatabaseKind !== "pglite")("npm run user:create while the site starts", () => {
  it("waits for a site starting on a new DATA_DIR and goes through it", {
    timeout: 180_000,
  }, async () => {
    const dataDir = path.join(tempDir(), "data");
    const site = await startApiServer({ env: { DATA_DIR: dataDir }, untilListening: false });
    let run: Run | undefined;
    try {
      // The site has taken the database: its first initdb is under way.
      while (!existsSync(path.join(dataDir, "pglite.lock")) && site.child.exitCode === null) {
        await new Promise((r) => setTimeout(r, 20));
      }
      run = await userCreate(admin("arranque@example.test"), { DATA_DIR: dataDir });
    } finally {
      await site.stop();
    }
    expect(site.stderr()).toBe("");
    expect(run.stderr).not.toContain("Error");
    expect(run.stdout).toContain("Usuario creado (a través del servidor en marcha): Olga Obra");
    expect(run.code).toBe(0);
  });

  it("waits through each passing state of the start: initdb's 0666 files, then no socket yet", {
    timeout: 90_000,
  }, async () => {
    const dataDir = tempDir();
    // As a starting site leaves the folder mid-initdb: the database locked by a live process
    // (this one), files 0666 (the umask 000 an operator's shell may have had).
    const unlock = lockEmbeddedDatabase(dataDir);
    mkdirSync(path.join(dataDir, "pglite"));
    writeFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "17\n");
    chmodSync(path.join(dataDir, "pglite", "PG_VERSION"), 0o666);
    let database: DatabaseHandle | undefined;
    let control: ControlSocket | undefined;
    try {
      let stderr = "";
      let result: Run | undefined;
      const waited = new Promise<void>((resolve) => {
        const pending = userCreate(
          admin("espera@example.test"),
          { DATA_DIR: dataDir },
          {
            onStderr: (text) => {
              stderr += text;
              if (stderr.includes("Aviso:")) resolve();
            },
          },
        );
        void pending.then((run) => {
          result = run;
          resolve();
        });
      });
      await waited;
      expect(result).toBeUndefined();
      expect(stderr).toBe(
        `Aviso: otro proceso (pid ${process.pid}) tiene abierta la base de datos embebida; si es el sitio, que está arrancando, se espera a que responda (hasta 60 s).\n`,
      );
      // The site tightens its files, migrates (still no socket), then listens.
      makeOwnerOnly(dataDir, { evenWritable: true });
      await new Promise((r) => setTimeout(r, 500));
      expect(result).toBeUndefined();
      database = await createTestDatabase();
      control = await startControlSocket({ db: database.db, dataDir });
      for (let i = 0; i < 300 && !result; i++) await new Promise((r) => setTimeout(r, 100));
      expect(result?.stdout).toContain("Usuario creado (a través del servidor en marcha)");
      expect(result?.code).toBe(0);
      const [row] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, "espera@example.test"));
      expect(row?.email_verified_at).not.toBeNull();
    } finally {
      await control?.close();
      await database?.close();
      unlock();
    }
  });

  it("still refuses, in Spanish, a DATA_DIR that other accounts can write", {
    timeout: 90_000,
  }, async () => {
    const dataDir = tempDir();
    const site = await openPglite({
      dataDir: path.join(dataDir, "pglite"),
      loadDataDir: new Blob([readFileSync(inject("pgliteDump"))]),
    });
    await site.close();
    makeOwnerOnly(dataDir, { evenWritable: true });
    // Nobody holds the database: this is no start under way, but a folder open to others.
    const opened = path.join(dataDir, "pglite", "PG_VERSION");
    chmodSync(opened, 0o666);

    const run = await userCreate(admin("abierta@example.test"), { DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `Error: otras cuentas de esta máquina pueden modificar DATA_DIR (${dataDir}): 1 elemento, p. ej. ${opened}. Revisa la carpeta y después déjala solo para esta cuenta con: chmod -R go-rwx ${dataDir}\n`,
    );
    // Left as found, for the operator to check.
    expect(statSync(opened).mode & 0o777).toBe(0o666);
  });
});
