import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrate, openPglite, openPostgres } from "../../server/db/client.ts";
import { adminUrl, databaseUrl, runPidOf, templateName } from "./postgres.ts";

/**
 * Migrates once, then every test file copies the result: a dumped PGlite data dir, and a
 * PostgreSQL template database. Migrating per test would cost ~3 s each.
 */
export default async function setup(project: TestProject) {
  const dumpPath = path.resolve(`.cache/test-pglite-${process.pid}.tar.gz`);
  mkdirSync(path.dirname(dumpPath), { recursive: true });
  const pglite = await openPglite();
  await migrate(pglite);
  // biome-ignore lint/suspicious/noExplicitAny: PGlite's own client sits behind drizzle
  const dump: Blob = await (pglite.db as any).$client.dumpDataDir("gzip");
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide("pgliteDump", dumpPath);
  project.provide("runPid", process.pid);
  project.provide("postgresAvailable", await preparePostgresTemplate());

  return async () => {
    rmSync(dumpPath, { force: true });
    await dropDatabases((name) => runPidOf(name) === process.pid);
  };
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function dropDatabases(which: (name: string) => boolean) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query("select datname from pg_database where datname like 'obra_%'");
  for (const { datname } of rows) {
    if (which(datname)) await admin.query(`drop database if exists "${datname}" with (force)`);
  }
  await admin.end();
}

async function preparePostgresTemplate(): Promise<boolean> {
  const { default: pg } = await import("pg");
  const probe = new pg.Client({ connectionString: adminUrl });
  try {
    await probe.connect();
    await probe.end();
  } catch (error) {
    if (process.env.CI)
      throw new Error(`PostgreSQL is required in CI: ${adminUrl}`, { cause: error });
    console.warn(
      `\n${"!".repeat(72)}\n!! PostgreSQL at ${adminUrl} did not answer: the postgres test project is SKIPPED.\n${"!".repeat(72)}\n`,
    );
    return false;
  }
  // Left behind by runs that were killed.
  await dropDatabases((name) => Number.isFinite(runPidOf(name)) && !isAlive(runPidOf(name)));
  const name = templateName(process.pid);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const template = await openPostgres(databaseUrl(name));
  await migrate(template);
  await template.close();
  return true;
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
    runPid: number;
    postgresAvailable: boolean;
  }
}
