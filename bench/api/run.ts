/**
 * `npm run bench:api`: req/s and p99 of the API's hot paths on the production build, on embedded
 * PGlite and on PostgreSQL, beside a bare Hono hello-world started the same way. Prints a table
 * and writes it to docs/benchmarks.md. Never fails on timing (exit code 0 unless it cannot run).
 *
 *   --duration N   seconds per measurement (default 10)
 *   --db pglite,postgres
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    db: { type: "string", default: "pglite,postgres" },
    connections: { type: "string", default: "20" },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const postgresAdmin = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const root = path.resolve(import.meta.dirname, "../..");
process.chdir(root);

interface Figure {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`no answer from ${url}`);
}

async function startProcess(script: string, env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}/`, child);
  return child;
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

function measure(name: string, options: autocannon.Options): Promise<Figure> {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration, ...options }, (error, result) => {
      if (error) return reject(error);
      resolve({
        name,
        rps: Math.round(result.requests.average),
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    });
  });
}

const randomIp = () =>
  `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`;

async function benchProduct(kind: "pglite" | "postgres", port: number): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "obra-bench-"));
  const env: Record<string, string> = { DATA_DIR: dataDir, TRUST_PROXY: "true" };
  let dropDatabase = async () => {};
  if (kind === "postgres") {
    const name = `obra_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresAdmin });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(postgresAdmin);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: postgresAdmin });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  }
  const server = await startProcess("bench/api/server.mjs", env, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    const credentials = { email: "bench@example.com", password: "tejado-azul-mediterraneo-2026" };
    execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/user-create.ts",
        "--name",
        "Bench",
        "--email",
        credentials.email,
        "--password",
        credentials.password,
        "--role",
        "guest_user",
      ],
      { env: { ...process.env, ...env }, stdio: "ignore" },
    );
    const login = await fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...credentials, remember: true }),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };
    const json = { "Content-Type": "application/json" };

    const figures: Figure[] = [];
    figures.push(
      await measure(`GET /api/user (${kind})`, { url: `${base}/api/user`, headers: auth }),
    );
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
                message: "Quiero reformar la cocina de un piso en Valencia.",
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
        headers: json,
        body: JSON.stringify(credentials),
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
        headers: json,
        body: JSON.stringify(credentials),
      }),
    ]);
    figures.push(user);
    return figures;
  } finally {
    await stopProcess(server);
    await dropDatabase();
  }
}

async function main() {
  if (!existsSync("build/server/server.js")) {
    execFileSync("npx", ["react-router", "build"], { stdio: "inherit" });
  }
  const hello = await startProcess("bench/api/hello.mjs", {}, 3301);
  const baseline = await measure("bare Hono hello-world", { url: "http://127.0.0.1:3301/" });
  await stopProcess(hello);

  const figures = [baseline];
  for (const kind of args.db.split(",") as ("pglite" | "postgres")[]) {
    figures.push(...(await benchProduct(kind, 3302)));
  }

  const rows = figures.map(
    (f) =>
      `| ${f.name} | ${f.rps} | ${(f.rps / baseline.rps).toFixed(2)} | ${f.p99} | ${f.errors} |`,
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
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench:api\` (${duration} s per row, ${connections} connections unless noted; ${os.cpus().length} cores, Node ${process.version}).`,
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

/** Replaces one `## ` section of docs/benchmarks.md, keeping the others. */
function writeSection(heading: string, body: string) {
  const file = path.join(root, "docs/benchmarks.md");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const sections = current.split(/^(?=## )/m);
  const next = `${heading}\n\n${body}\n\n`;
  const index = sections.findIndex((s) => s.startsWith(`${heading}\n`));
  if (index >= 0) sections[index] = next;
  else sections.push(next);
  writeFileSync(file, sections.join("").replace(/\n{3,}/g, "\n\n"));
}

await main();
