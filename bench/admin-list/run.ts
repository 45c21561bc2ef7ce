/**
 * `npm run bench:admin-list`: the admin list tools (issue 13) on 10,000 leads, on embedded
 * PGlite and on PostgreSQL. Server time: each request goes through the whole API in process
 * (`app.request`: routing, session, query parsing, SQL, JSON), no socket, so the figure is the
 * server's own. Budget: every list query (filter, search, sort, page) under 100 ms (median of
 * `--runs`, p95 shown). Then the exports of the 10,000 rows (CSV, and .xlsx for Excel), read as
 * they stream: time to first byte, total time, number of chunks and the heap's growth.
 * Writes its section of docs/benchmarks.md (BENCH_NO_REPORT=1 to skip). Exit code 0 unless it
 * cannot run.
 *
 *   --rows N       leads to seed (default 10000)
 *   --runs N       requests per query (default 15)
 *   --db pglite,postgres
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { createApp } from "../../server/app.ts";
import { generateToken, hashToken } from "../../server/auth/tokens.ts";
import { type DatabaseHandle, migrate, openPglite, openPostgres } from "../../server/db/client.ts";
import { accessTokens, contacts, roles, users } from "../../server/db/schema.ts";
import { diskSpace } from "../../server/disk-space.ts";
import { parseEnv } from "../../server/env.ts";
import { SessionCache } from "../../server/fast-path/session-cache.ts";
import { createMailer } from "../../server/mail/outbox.ts";
import { createTransport } from "../../server/mail/transport.ts";
import { createMemoryLimiter } from "../../server/rate-limit/memory.ts";
import { sectionReaders } from "../../server/site-content/sections.ts";
import { SiteContent } from "../../server/site-content/site-content.ts";
import { createBenchDatabase } from "../lib/postgres.ts";
import { measuredLine, verdict, writeSection } from "../lib/report.ts";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "10000" },
    runs: { type: "string", default: "15" },
    db: { type: "string", default: "pglite,postgres" },
  },
});
const ROWS = Number(args.rows);
const RUNS = Number(args.runs);
const BUDGET_MS = 100;

const statuses = ["nuevo", "contactado", "visita", "presupuesto_enviado", "ganado", "perdido"];
const firstNames = [
  "José",
  "Lucía",
  "María",
  "Pedro",
  "Álvaro",
  "Nuria",
  "Jordi",
  "Carmen",
  "Íñigo",
  "Rosa",
];
const lastNames = ["Pérez", "García", "Martínez", "López", "Sánchez", "Gómez", "Puig", "Ferrer"];
const subjects = [
  "Reforma integral de piso",
  "Cocina nueva",
  "Baño: cambiar bañera por ducha",
  "Tejado con goteras",
  "Fachada",
  "Local comercial",
  "Interiorismo de ático",
];
const cities = ["Alicante", "Valencia", "Barcelona", "Madrid", "Elche", "Benidorm"];
// What the quote form asks (content/quote-request.ts, service-choices.ts): the inbox's columns.
const services = ["reformas-integrales", "reformas-de-cocinas", "reformas-de-banos", "otro"];
const areas = ["Madrid", "Barcelona", "Valencia", "Alicante", "otra"];
const budgets = ["hasta-15000", "15000-30000", "30000-60000", "mas-120000", "sin-definir"];

/** Deterministic leads spread over two years, a message of a few hundred characters each. */
function leadAt(i: number) {
  const name = `${firstNames[i % firstNames.length]} ${lastNames[(i * 7) % lastNames.length]} ${i}`;
  const subject = subjects[(i * 3) % subjects.length] as string;
  const city = cities[(i * 5) % cities.length];
  const status = statuses[(i * 11) % statuses.length] as (typeof contacts.$inferInsert)["status"];
  return {
    name,
    email: i % 3 ? `cliente${i}@example.test` : null,
    phone: i % 2 ? `6${String(10_000_000 + i).padStart(8, "0")}` : null,
    subject,
    message: `Hola, vivo en ${city} y quiero pedir presupuesto: ${subject.toLowerCase()}. ${"Tenemos una vivienda de 90 m² con dos baños y una terraza; nos gustaría empezar en primavera. ".repeat(3)}Gracias.`,
    status,
    handled: status !== "nuevo",
    lost_reason: status === "perdido" ? "Precio" : null,
    // One lead in six came from the short form, without the quote's details.
    service: i % 6 ? services[i % services.length] : null,
    area: i % 6 ? areas[(i * 3) % areas.length] : null,
    budget: i % 6 ? budgets[(i * 7) % budgets.length] : null,
    created_at: new Date(Date.UTC(2025, 0, 1) + ((i * 7919) % (730 * 24)) * 3_600_000),
  };
}

async function seed(handle: DatabaseHandle) {
  const { db } = handle;
  for (let start = 0; start < ROWS; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, ROWS - start) }, (_, k) => leadAt(start + k));
    await db.insert(contacts).values(batch);
  }
  // Each lead's mails as the quote endpoint queues them (decision 173): the office's notice, and
  // the visitor's confirmation when it gave an address, delivered, or one in 40 refused for good
  // (a mistyped address): what the list's confirmation column and filter read (decision 180).
  await db.execute(sql`
    insert into mail_outbox ("to", subject, text, html, contact_id, kind, attempts, sent_at)
    select 'oficina@obra.test', 'Solicitud ' || id, '', '', id, 'notice', 1, created_at from contacts`);
  await db.execute(sql`
    insert into mail_outbox ("to", subject, text, html, contact_id, kind, attempts, sent_at, failed_at, last_error)
    select email, 'Hemos recibido tu solicitud', '', '', id, 'confirmation', 1,
      case when id % 40 = 0 then null else created_at end,
      case when id % 40 = 0 then created_at end,
      case when id % 40 = 0 then '550 5.1.1 Mailbox does not exist' end
    from contacts where email is not null`);
  const [role] = await db.select().from(roles).where(eq(roles.name, "admin"));
  const [user] = await db
    .insert(users)
    .values({
      name: "Bench Admin",
      email: "bench-admin@example.test",
      password_hash: "$bench$not-a-real-hash",
      role_id: role?.id ?? 2,
      email_verified_at: new Date(),
    })
    .returning();
  const token = generateToken();
  await db.insert(accessTokens).values({
    user_id: user?.id ?? 0,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + 3_600_000),
  });
  await handle.db.execute("analyze");
  return token;
}

const queries: [string, string][] = [
  ["plain list, page 1 (SPEC §7)", "page=1"],
  ["plain list, page 400", "page=400"],
  ["inbox order, 25 per page", "sort=inbox&per_page=25"],
  // The view the side navigation opens (decision 169).
  ["inbox as opened (nuevo, inbox order, 50 per page)", "status=nuevo&sort=inbox&per_page=50"],
  ["status=nuevo, sort name", "status=nuevo&sort=name&dir=asc"],
  [
    "status in 3, created range, page 5",
    "status=contactado,visita,ganado&created_from=2025-03-01&created_to=2026-02-28&page=5",
  ],
  ["search one word (q=alicante)", "q=alicante"],
  ["search two words, accents (q=bano ducha)", "q=bano%20ducha"],
  [
    "search + filter + sort (q=martinez, nuevo, oldest)",
    "q=martinez&status=nuevo&sort=created_at&dir=asc",
  ],
  ["search rare (q=cliente9999)", "q=cliente9999"],
  ["handled=no, 100 per page", "handled=no&per_page=100"],
  // Until when each lead keeps its personal data, computed per row (decision 179).
  ["ordered by «Datos personales hasta», 50 per page", "sort=personal_data_until&per_page=50"],
  // The leads to phone: their confirmation was refused (decision 180).
  ["confirmation refused (confirmation=rechazado)", "confirmation=rechazado&per_page=50"],
];

interface Row {
  db: string;
  name: string;
  median: number;
  p95: number;
  total: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;

async function benchOne(kind: "pglite" | "postgres") {
  const bench = kind === "postgres" ? await createBenchDatabase("adminlist") : undefined;
  const handle = bench ? await openPostgres(bench.url) : await openPglite();
  try {
    await migrate(handle);
    const seedStart = performance.now();
    const token = await seed(handle);
    console.log(`${kind}: seeded ${ROWS} leads in ${Math.round(performance.now() - seedStart)} ms`);
    const env = parseEnv({
      NODE_ENV: "test",
      APP_URL: "http://localhost:3000",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "obra-bench-admin-")),
    });
    const sessions = new SessionCache();
    sessions.setLive(true);
    const app = createApp({
      env,
      db: handle.db,
      mail: createMailer(handle.db, createTransport(env)),
      limiter: createMemoryLimiter(),
      sessions,
      disk: diskSpace,
      siteContent: new SiteContent(handle.db, sectionReaders),
    });
    const get = (url: string) =>
      app.request(url, {
        headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": "192.0.2.1" },
      });

    const rows: Row[] = [];
    for (const [name, query] of queries) {
      // Two warm-up requests (plans, caches), then the measured runs.
      for (let i = 0; i < 2; i++) await (await get(`/api/admin/contacts?${query}`)).text();
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const res = await get(`/api/admin/contacts?${query}`);
        const body = (await res.json()) as { data: { total: number } };
        times.push(performance.now() - start);
        if (res.status !== 200) throw new Error(`${query}: ${res.status}`);
        total = body.data.total;
      }
      times.sort((a, b) => a - b);
      rows.push({
        db: kind,
        name,
        median: percentile(times, 0.5),
        p95: percentile(times, 0.95),
        total,
      });
      console.log(
        `${kind} ${name}: median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms (${total} matching)`,
      );
    }

    // The exports of every lead (CSV, then .xlsx for Excel), read chunk by chunk as they stream.
    const exportRows = [];
    for (const format of ["csv", "xlsx"] as const) {
      global.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      let heapPeak = heapBefore;
      const start = performance.now();
      const res = await get(
        `/api/admin/contacts/${format === "csv" ? "export" : "export.xlsx"}?sort=created_at`,
      );
      const reader = res.body?.getReader();
      let firstByte = Number.NaN;
      let chunks = 0;
      let bytes = 0;
      let lines = 0;
      for (;;) {
        const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
        if (done) break;
        if (chunks === 0) firstByte = performance.now() - start;
        chunks += 1;
        bytes += value.byteLength;
        for (const byte of value) if (byte === 10) lines += 1;
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      }
      const exportRow = {
        db: kind,
        format,
        firstByte,
        total: performance.now() - start,
        chunks,
        bytes,
        lines,
        heapGrowth: heapPeak - heapBefore,
      };
      console.log(`${kind} export: ${JSON.stringify(exportRow)}`);
      exportRows.push(exportRow);
    }
    return { rows, exportRows };
  } finally {
    await handle.close();
    await bench?.drop();
  }
}

const kinds = String(args.db).split(",") as ("pglite" | "postgres")[];
const results = [];
for (const kind of kinds) results.push(await benchOne(kind));

const lines: string[] = [];
const table = [
  "| Database | Query | Matching | Median ms | p95 ms |",
  "|---|---|---:|---:|---:|",
  ...results.flatMap((r) =>
    r.rows.map(
      (row) =>
        `| ${row.db} | ${row.name} | ${row.total} | ${row.median.toFixed(1)} | ${row.p95.toFixed(1)} |`,
    ),
  ),
];
for (const r of results) {
  const worst = Math.max(...r.rows.map((row) => row.median));
  verdict(
    lines,
    `${r.rows[0]?.db}: every list query under ${BUDGET_MS} ms (median)`,
    worst < BUDGET_MS,
    `worst ${worst.toFixed(1)} ms`,
  );
  const e = r.exportRows[0] as (typeof r.exportRows)[number];
  verdict(
    lines,
    `${e.db}: export of ${ROWS} rows streams`,
    e.lines === ROWS + 1 && e.chunks > 10,
    `first byte ${e.firstByte.toFixed(0)} ms, all ${e.total.toFixed(0)} ms, ${e.chunks} chunks, ${(e.bytes / 1e6).toFixed(1)} MB, heap growth at most ${(e.heapGrowth / 1e6).toFixed(1)} MB`,
  );
}
writeSection(
  "## Admin list (10,000 leads)",
  [
    measuredLine(
      "npm run bench:admin-list",
      `${ROWS} leads, ${RUNS} runs per query after 2 warm-ups, in-process app.request with a bearer token`,
    ),
    "",
    "Server time of GET /api/admin/contacts with the list tools of issue 13 (decision 141): the whole API in process, no socket. Budget: under 100 ms.",
    "",
    ...table,
    "",
    "Exports of all rows, read as they stream: GET /api/admin/contacts/export (CSV, decision 143) and /export.xlsx (decision 207):",
    "",
    "| Database | Format | First byte ms | All ms | Chunks | MB | Heap growth MB |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...results.flatMap(({ exportRows }) =>
      exportRows.map(
        (e) =>
          `| ${e.db} | ${e.format} | ${e.firstByte.toFixed(0)} | ${e.total.toFixed(0)} | ${e.chunks} | ${(e.bytes / 1e6).toFixed(1)} | ${(e.heapGrowth / 1e6).toFixed(1)} |`,
      ),
    ),
    "",
    ...lines,
  ].join("\n"),
);
