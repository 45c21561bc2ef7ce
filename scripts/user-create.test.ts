import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ControlSocket, startControlSocket } from "../server/control.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "../server/db/client.ts";
import { roles, users } from "../server/db/schema.ts";
import { createTestDatabase, skipDatabase, testDatabaseKind } from "../tests/support/database.ts";
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

/** `npm run user:create -- …` as an operator types it, in its own process. */
function userCreate(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/user-create.ts", ...args],
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

describe("npm run user:create: bad arguments", () => {
  it("explains what is missing and exits with 1", async () => {
    const run = await userCreate(["--name", "Olga"], { DATA_DIR: tempDir() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Error: faltan datos: --email, --password, --role.");
    expect(run.stderr).toContain("npm run user:create -- --name NOMBRE");
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

describe.skipIf(skipDatabase)("npm run user:create with no server running", () => {
  let env: Record<string, string>;
  let open: () => Promise<DatabaseHandle>;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    const dataDir = tempDir();
    if (testDatabaseKind === "pglite") {
      env = { DATA_DIR: dataDir };
      open = () => openPglite({ dataDir: path.join(dataDir, "pglite") });
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
    dropDatabase = async () => {
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
});

describe.skipIf(skipDatabase)("npm run user:create while the server runs", () => {
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
});
