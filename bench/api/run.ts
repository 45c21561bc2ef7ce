/**
 * `npm run bench:api`: req/s and p99 of the API's hot paths on the production build, on embedded
 * PGlite and on PostgreSQL, beside a bare Hono hello-world started the same way. Prints a table
 * and writes it to docs/benchmarks.md. Never fails on timing (exit code 0 unless it cannot run).
 *
 * The hello-world keeps running, and is measured again right before each GET /api/user: the
 * two figures of the ratio budget are taken in alternating rounds, best of `--rounds` each, so
 * a moment of noise on a shared machine does not decide it.
 *
 *   --duration N   seconds per measurement (default 10)
 *   --rounds N     alternating rounds of bare Hono and GET /api/user (default 2)
 *   --db pglite,postgres
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type autocannon from "autocannon";
import { measure as measureFigure } from "../lib/autocannon.ts";
import { createBenchDatabase } from "../lib/postgres.ts";
import { measuredLine, writeSection } from "../lib/report.ts";
import { ensureBuild, root, startServer } from "../lib/server.ts";
import { createUser, login, randomIp, uniqueToken } from "../lib/users.ts";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    db: { type: "string", default: "pglite,postgres" },
    connections: { type: "string", default: "20" },
    rounds: { type: "string", default: "2" },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const rounds = Number(args.rounds);
const helloUrl = "http://127.0.0.1:3301/";
/** Every round of the bare hello-world, across the whole run. */
const baselineRounds: Figure[] = [];
process.chdir(root);

interface Figure {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  /** req/s of each round, when the row is the best of several. */
  rounds?: number[];
}

async function measure(name: string, options: autocannon.Options): Promise<Figure> {
  const f = await measureFigure(name, { connections, duration, ...options });
  return { name, rps: f.rps, p99: f.p99, errors: f.errors + f.non2xx };
}

const best = (figures: Figure[]) => figures.reduce((a, b) => (b.rps > a.rps ? b : a));

async function benchProduct(kind: "pglite" | "postgres", port: number): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "obra-bench-"));
  const env: Record<string, string> = { DATA_DIR: dataDir, TRUST_PROXY: "true" };
  const database = kind === "postgres" ? await createBenchDatabase("bench") : undefined;
  if (database) env.DATABASE_URL = database.url;
  const server = await startServer({ env, port });
  const base = server.base;
  try {
    const credentials = { email: "bench@example.com", password: "tejado-azul-mediterraneo-2026" };
    createUser(env, credentials);
    const token = await login(base, credentials);
    const auth = { Authorization: `Bearer ${token}` };
    const json = { "Content-Type": "application/json" };

    const figures: Figure[] = [];
    const userRounds: Figure[] = [];
    for (let round = 0; round < rounds; round++) {
      baselineRounds.push(await measure("bare Hono hello-world", { url: helloUrl }));
      userRounds.push(
        await measure(`GET /api/user (${kind})`, { url: `${base}/api/user`, headers: auth }),
      );
    }
    figures.push({ ...best(userRounds), rounds: userRounds.map((f) => f.rps) });
    figures.push(
      await measure(`POST /api/contacts (${kind})`, {
        url: `${base}/api/contacts`,
        method: "POST",
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { ...json, "X-Forwarded-For": randomIp() },
              body: JSON.stringify({
                name: "Lucía Bench",
                email: "lucia@example.com",
                subject: "Reforma de cocina",
                // Unique: an identical message within 10 minutes is stored once (decision 060).
                message: `Quiero reformar la cocina de un piso en Valencia. ${uniqueToken()}`,
              }),
            }),
          },
        ],
      }),
    );
    figures.push(
      await measure(`POST /api/login (${kind})`, {
        url: `${base}/api/login`,
        method: "POST",
        connections: 8,
        requests: fromRandomAddresses(JSON.stringify(credentials)),
      }),
    );
    // Logins saturate the CPU while /api/user is measured: hashing must not block the event loop.
    const [user] = await Promise.all([
      measure(`GET /api/user during logins (${kind})`, {
        url: `${base}/api/user`,
        headers: auth,
        connections: 10,
      }),
      measure("logins", {
        url: `${base}/api/login`,
        method: "POST",
        connections: 16,
        requests: fromRandomAddresses(JSON.stringify(credentials)),
      }),
    ]);
    figures.push(user);
    return figures;
  } finally {
    await server.stop();
    await database?.drop();
  }
}

async function main() {
  ensureBuild();
  const hello = await startServer({ script: "bench/api/hello.mjs", port: 3301 });
  const figures: Figure[] = [];
  try {
    for (const kind of args.db.split(",") as ("pglite" | "postgres")[]) {
      figures.push(...(await benchProduct(kind, 3302)));
    }
  } finally {
    await hello.stop();
  }
  const baseline = { ...best(baselineRounds), rounds: baselineRounds.map((f) => f.rps) };
  figures.unshift(baseline);

  const rows = figures.map(
    (f) =>
      `| ${f.name}${f.rounds ? ` (best of ${f.rounds.join(", ")})` : ""} | ${f.rps} | ${(f.rps / baseline.rps).toFixed(2)} | ${f.p99} | ${f.errors} |`,
  );
  const userPg = figures.find((f) => f.name === "GET /api/user (postgres)");
  const during = figures.filter((f) => f.name.startsWith("GET /api/user during logins"));
  const budgets = [
    userPg &&
      `- GET /api/user on PostgreSQL: ${(userPg.rps / baseline.rps).toFixed(2)} of bare Hono (budget ≥ 0.50): ${userPg.rps / baseline.rps >= 0.5 ? "met" : "MISSED"}`,
    ...during.map(
      (f) => `- p99 of ${f.name}: ${f.p99} ms (budget < 50 ms): ${f.p99 < 50 ? "met" : "MISSED"}`,
    ),
  ].filter(Boolean);
  const table = [
    measuredLine(
      "npm run bench:api",
      `${duration} s per row, ${connections} connections unless noted; bare Hono and GET /api/user in ${rounds} alternating rounds per database, best of each`,
    ),
    "",
    "| measurement | req/s | ratio to bare Hono | p99 ms | errors + non-2xx |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    ...budgets,
  ].join("\n");
  console.log(`\n${table}\n`);
  writeSection("## API", table);
}

await main();

/**
 * Each request from its own address: concurrent sign-ins to one account from one address count
 * against the login throttle (5 attempts before the password is checked), which is not what
 * this row measures.
 */
function fromRandomAddresses(body: string): autocannon.Request[] {
  return [
    {
      setupRequest: (req) => ({
        ...req,
        headers: { "Content-Type": "application/json", "X-Forwarded-For": randomIp() },
        body,
      }),
    },
  ];
}
