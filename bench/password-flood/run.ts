/**
 * Sign-in latency while someone floods the password routes (issue 10 item 4, decision 072).
 * Prints numbers and never fails; writes "Sign-in during password floods" in docs/benchmarks.md
 * (BENCH_NO_REPORT=1: print only).
 *
 *   node --import tsx bench/password-flood/run.ts [--port 3460] [--flood 1500] [--at-once 150]
 *     [--sign-ups 150] [--database postgres|pglite]
 *
 * The API runs in a child process (on a fresh PostgreSQL database by default, as the other
 * benches, or the embedded one) with TRUST_PROXY=1, and every flood
 * request comes from an address and an e-mail of its own, so the per-address and per-e-mail
 * limits never stop it: what is measured is what is left once a flood is spread wide enough.
 * Meanwhile two visitors sign in with the right password, each one sign-in after another. The
 * first flood, to an unknown API path, is the floor: what that many requests cost in HTTP alone.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createBenchDatabase } from "../lib/postgres.ts";
import { measuredLine, writeSection } from "../lib/report.ts";
import { startServer } from "../lib/server.ts";
import { randomIp } from "../lib/users.ts";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "3460" },
    flood: { type: "string", default: "1500" },
    "at-once": { type: "string", default: "150" },
    "sign-ups": { type: "string", default: "150" },
    database: { type: "string", default: "postgres" },
  },
});
const floodSize = Number(values.flood);
const atOnce = Number(values["at-once"]);
const signUps = Number(values["sign-ups"]);

const database = values.database === "pglite" ? undefined : await createBenchDatabase("flood");
const server = await startServer({
  port: Number(values.port),
  script: "bench/password-flood/api-server.ts",
  command: [process.execPath, "--import", "tsx"],
  env: {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "obra-password-flood-")),
    TRUST_PROXY: "1",
    NODE_ENV: "production",
    ...(database ? { DATABASE_URL: database.url } : {}),
  },
  quiet: true,
});

const post = (pathname: string, body: unknown, ip = randomIp()) =>
  fetch(`${server.base}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify(body),
  });

/** Visitors signing in meanwhile, each one sign-in after another from their usual address. */
const visitors = await Promise.all(
  Array.from({ length: 2 }, async (_, v) => {
    const password = "tejado-azul-2026-bench";
    const visitor = {
      email: `visitante-${process.pid}-${v}@example.com`,
      password,
      home: randomIp(),
    };
    const created = await post(
      "/api/register",
      { name: "Visitante", email: visitor.email, password, password_confirmation: password },
      visitor.home,
    );
    if (created.status !== 201) throw new Error(`register answered ${created.status}`);
    return visitor;
  }),
);

/** Sign-ins that got no answer or not a 200 (a keep-alive connection closed under load, say). */
let failedSignIns = 0;

/** One sign-in with the right password: milliseconds, or undefined when it failed. */
async function signIn(visitor: (typeof visitors)[number]): Promise<number | undefined> {
  const started = performance.now();
  try {
    const answer = await post(
      "/api/login",
      { email: visitor.email, password: visitor.password },
      visitor.home,
    );
    await answer.arrayBuffer();
    if (answer.status === 200) return performance.now() - started;
  } catch {
    // counted below
  }
  failedSignIns += 1;
  return undefined;
}

/** Every visitor signs in again and again until `done` settles (at least `minimum` in all). */
async function signInsDuring(done: Promise<unknown>, minimum = 20): Promise<number[]> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  const times: number[] = [];
  await Promise.all(
    visitors.map(async (visitor) => {
      while (!finished || times.length < minimum) {
        const time = await signIn(visitor);
        if (time !== undefined) times.push(time);
      }
    }),
  );
  return times;
}

/**
 * `total` requests made by `make`, `concurrency` in flight at a time; counts per status, and
 * per error code for requests that got no answer.
 */
async function flood(total: number, concurrency: number, make: (i: number) => Promise<Response>) {
  const outcomes: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      let outcome: string;
      try {
        const answer = await make(i);
        await answer.arrayBuffer();
        outcome = String(answer.status);
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        outcome = cause?.code ?? "error";
      }
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { statuses: outcomes, seconds: (performance.now() - started) / 1000 };
}

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const summary = (times: number[]) =>
  `p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${times.length} sign-ins)`;

const madeUpReset = (i: number, ip?: string) =>
  post(
    "/api/reset-password",
    {
      email: `nadie-${i}@example.com`,
      token: `${process.pid}-${i}-${Math.random().toString(36).slice(2)}`.padEnd(43, "x"),
      password: `clave-nueva-${i}-inventada`,
      password_confirmation: `clave-nueva-${i}-inventada`,
    },
    ip,
  );

/** Sign-in times while `run` floods the server, and what the flood got. */
async function during(label: string, run: () => ReturnType<typeof flood>) {
  const flooding = run();
  const times = await signInsDuring(flooding);
  const { statuses, seconds } = await flooding;
  return `- ${label} (${JSON.stringify(statuses)} in ${seconds.toFixed(1)} s): ${summary(times)}`;
}

try {
  for (const visitor of visitors) await signIn(visitor); // warm-up
  const lines = [`- quiet: ${summary(await signInsDuring(Promise.resolve(), 100))}`];
  const attacker = randomIp();
  lines.push(
    // The floor: what a flood of the same shape costs in HTTP alone, whatever the route does.
    await during(`during ${floodSize} posts to an unknown API path, ${atOnce} at once`, () =>
      flood(floodSize, atOnce, (i) => post("/api/no-such-route", { i }, attacker)),
    ),
    await during(
      `during ${floodSize} made-up reset links from one address, ${atOnce} at once`,
      () => flood(floodSize, atOnce, (i) => madeUpReset(i, attacker)),
    ),
    await during(
      `during ${floodSize} made-up reset links, ${atOnce} at once, each from an address of its own`,
      () => flood(floodSize, atOnce, (i) => madeUpReset(i)),
    ),
    await during(
      `during ${signUps} sign-ups, 50 at once, each from an address of its own (a new argon2id hash each)`,
      () =>
        flood(signUps, 50, (i) =>
          post("/api/register", {
            name: "Alta Masiva",
            email: `alta-${process.pid}-${i}@example.com`,
            password: `clave-de-alta-${i}-masiva`,
            password_confirmation: `clave-de-alta-${i}-masiva`,
          }),
        ),
    ),
  );
  lines.push(`- sign-ins that failed: ${failedSignIns}`);
  console.log(lines.join("\n"));
  writeSection(
    "## Sign-in during password floods",
    [
      measuredLine(
        "node --import tsx bench/password-flood/run.ts",
        `API only, ${database ? "PostgreSQL" : "embedded database"}; ${visitors.length} visitors each signing in one request after another with the right password from their usual address; flood outcomes per status or socket error`,
      ),
      "",
      ...lines,
    ].join("\n"),
  );
} finally {
  await server.stop();
  await database?.drop();
}
