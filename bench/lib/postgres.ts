/**
 * A fresh PostgreSQL database per bench run, created and dropped through the admin URL
 * (BENCH_POSTGRES_URL, default the machine's `test` database), so runs never share rows.
 */
import pg from "pg";

export const postgresAdmin =
  process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface BenchDatabase {
  name: string;
  url: string;
  /** A query on the bench database itself (its own short-lived connection). */
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ): Promise<T[]>;
  drop(): Promise<void>;
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: postgresAdmin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(label: string): Promise<BenchDatabase> {
  const name = `obra_${label}_${process.pid}`;
  await admin(`drop database if exists "${name}" with (force)`);
  await admin(`create database "${name}"`);
  const url = new URL(postgresAdmin);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async query(text, values) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}
