/**
 * What closing the write-ahead log after an erasure costs (decision 205): on the embedded
 * database, `forgetInWriteAheadLog` (pg_switch_wal + CHECKPOINT) after each of `--rounds`
 * erasures of a lead among `--leads`, and, for comparison, a bare CHECKPOINT on the PostgreSQL
 * server at DATABASE_URL when one is given (the site does not run it there). Prints the median
 * and the worst in milliseconds, and whether the erased name is left in any WAL file. Never
 * fails on timing.
 *
 *   node --import tsx bench/erasure/run.ts [--leads 10000] [--rounds 15]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { migrate, openPglite, openPostgres } from "../../server/db/client.ts";
import { forgetInWriteAheadLog } from "../../server/db/erasure.ts";

const { values } = parseArgs({
  options: {
    leads: { type: "string", default: "10000" },
    rounds: { type: "string", default: "15" },
  },
});
const leads = Number(values.leads);
const rounds = Number(values.rounds);

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, worst ${sorted.at(-1)?.toFixed(1)} ms`;
};

const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "obra-erasure-")), "pglite");
const handle = await openPglite({ dataDir });
try {
  await migrate(handle);
  await handle.db.execute(sql`insert into contacts (name, email, phone, subject, message)
    select 'Visitante ' || n, 'v' || n || '@example.com', '600 000 000', 'Cocina', repeat('Texto ', 40)
    from generate_series(1, ${leads}::int) n`);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const name = `Borrable Número ${i}`;
    await handle.db.execute(
      sql`insert into contacts (name, subject, message) values (${name}, 'Baño', 'Hola')`,
    );
    await handle.db.execute(sql`delete from contacts where name = ${name}`);
    const started = performance.now();
    await forgetInWriteAheadLog(handle.db);
    times.push(performance.now() - started);
  }
  const wal = path.join(dataDir, "pg_wal");
  const left = readdirSync(wal)
    .filter((file) => /^[0-9A-F]{24}$/.test(file))
    .filter((file) => readFileSync(path.join(wal, file)).includes(Buffer.from("Borrable Número")));
  console.log(`embedded, ${leads} leads: switch + checkpoint after an erasure: ${summary(times)}`);
  console.log(`erased names left in WAL files: ${left.length}`);
} finally {
  await handle.close();
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
}

if (process.env.DATABASE_URL) {
  const server = await openPostgres(process.env.DATABASE_URL);
  try {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await server.db.execute(sql`create temporary table if not exists probe (n int)`);
      await server.db.execute(sql`insert into probe select generate_series(1, 1000)`);
      const started = performance.now();
      await server.db.execute(sql`checkpoint`);
      times.push(performance.now() - started);
    }
    console.log(`PostgreSQL server: CHECKPOINT: ${summary(times)}`);
  } finally {
    await server.close();
  }
}
