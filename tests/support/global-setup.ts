import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrate, openPglite, openPostgres } from "../../server/db/client.ts";
import { adminUrl, postgresTemplate, templateUrl } from "./postgres.ts";

/**
 * Migrates once, then every test file copies the result: a dumped PGlite data dir, and a
 * PostgreSQL template database. Migrating per test would cost ~3 s each.
 */
export default async function setup(project: TestProject) {
  const dumpPath = path.resolve(".cache/test-pglite.tar.gz");
  mkdirSync(path.dirname(dumpPath), { recursive: true });
  const pglite = await openPglite();
  await migrate(pglite);
  // biome-ignore lint/suspicious/noExplicitAny: PGlite's own client sits behind drizzle
  const dump: Blob = await (pglite.db as any).$client.dumpDataDir("gzip");
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide("pgliteDump", dumpPath);

  project.provide("postgresAvailable", await preparePostgresTemplate());
}

async function preparePostgresTemplate(): Promise<boolean> {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    if (process.env.CI) throw new Error(`PostgreSQL is required in CI: ${adminUrl}`, { cause: error });
    console.warn(
      `\n${"!".repeat(72)}\n!! PostgreSQL at ${adminUrl} did not answer: the postgres test project is SKIPPED.\n${"!".repeat(72)}\n`,
    );
    return false;
  }
  // Databases left behind by an interrupted run.
  const stale = await admin.query(
    "select datname from pg_database where datname like 'obra_test_%' or datname = $1",
    [postgresTemplate],
  );
  for (const row of stale.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
  await admin.query(`create database "${postgresTemplate}"`);
  await admin.end();
  const template = await openPostgres(templateUrl);
  await migrate(template);
  await template.close();
  return true;
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresAvailable: boolean;
  }
}
