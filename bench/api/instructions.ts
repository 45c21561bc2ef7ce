/**
 * `npm run bench:api:instructions`: CPU instructions per request of authenticated
 * `GET /api/user` (PostgreSQL) and of the bare Hono hello-world, counted by valgrind.
 *
 * bench:api measures throughput, which on two shared cores moves by a third from one run to the
 * next (the load generator competes with the server, other work with both). Instructions do
 * not: each server runs under valgrind twice, answering a warm-up plus `--few` and then
 * `--many` requests, and the difference of the two totals divided by the difference of the
 * counts is what one request costs once start-up and JIT warm-up are taken out (repeats agreed
 * within about 7 %). V8 runs single-threaded so that no compiler or GC thread adds work of its
 * own timing. User space only: the kernel's share (the socket reads and writes) is the same for
 * both servers and not counted. Prints and writes its table; never fails on the figures.
 *
 * The two runs of a server last equally long (the short one waits, idle, until it has lived as
 * long as the long one): what a server does by the clock rather than per request (the product's
 * timers, an idle server ran 3.3M instructions a second under valgrind) is then the same in
 * both and drops out of the difference. Without it, on a loaded machine (load average 10-18),
 * where valgrind's requests take longer, GET /api/user of one build counted 242k instructions a
 * request; with it, 109k, near the 103k counted on an idle machine (decision 208).
 *
 *   --few N, --many N   requests in the short and the long run (default 10000, 50000)
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { run } from "../lib/autocannon.ts";
import { createBenchDatabase } from "../lib/postgres.ts";
import { measuredLine, writeSection } from "../lib/report.ts";
import { ensureBuild, root, startServer } from "../lib/server.ts";
import { createUser, login } from "../lib/users.ts";

const { values: args } = parseArgs({
  options: {
    few: { type: "string", default: "10000" },
    many: { type: "string", default: "50000" },
  },
});
const few = Number(args.few);
const many = Number(args.many);
const warmUp = 2_000;
const scratch = mkdtempSync(path.join(os.tmpdir(), "obra-instructions-"));
process.chdir(root);

interface Target {
  name: string;
  script?: string;
  env?: Record<string, string>;
  path: string;
  headers?: Record<string, string>;
}

/**
 * Instructions the server ran in all, having answered `requests` after the warm-up and lived
 * at least `lifetimeMs` from its start; and how long it lived.
 */
async function totalInstructions(
  target: Target,
  requests: number,
  lifetimeMs = 0,
): Promise<{ instructions: number; livedMs: number }> {
  const log = path.join(scratch, `valgrind-${process.hrtime.bigint()}.log`);
  const startedAt = performance.now();
  const server = await startServer({
    port: 3303,
    script: target.script,
    env: target.env,
    command: [
      "valgrind",
      "--tool=cachegrind",
      "--cache-sim=no",
      "--cachegrind-out-file=/dev/null",
      `--log-file=${log}`,
      process.execPath,
      // V8's own flag: no concurrent compiler or garbage-collector threads.
      "--single-threaded",
    ],
    quiet: true,
  });
  try {
    const url = `${server.base}${target.path}`;
    // Under valgrind on a busy machine an answer can take longer than autocannon's 10 s.
    const timeout = 120;
    await run({ url, headers: target.headers, amount: warmUp, connections: 10, timeout });
    const result = await run({
      url,
      headers: target.headers,
      amount: requests,
      connections: 10,
      timeout,
    });
    if (result.non2xx || result.errors) throw new Error(`${target.name}: requests failed`);
    const rest = startedAt + lifetimeMs - performance.now();
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  } finally {
    await server.stop();
  }
  const livedMs = performance.now() - startedAt;
  const refs = /I\s+refs:\s+([\d,]+)/.exec(readFileSync(log, "utf8"))?.[1];
  if (!refs) throw new Error(`no instruction count in ${log}`);
  return { instructions: Number(refs.replaceAll(",", "")), livedMs };
}

/** Whether two runs lived equally long (within 5 %), so that their clock's work cancels out. */
const equallyLong = (a: { livedMs: number }, b: { livedMs: number }) =>
  Math.abs(a.livedMs - b.livedMs) <= 0.05 * Math.max(a.livedMs, b.livedMs);

async function perRequest(target: Target): Promise<number> {
  // The long run first: the short one then lives as long. A load that rose meanwhile can
  // stretch a run past the other's length: the one that lived less runs again, as long.
  let long = await totalInstructions(target, many);
  let short = await totalInstructions(target, few, long.livedMs);
  for (let again = 0; again < 3 && !equallyLong(long, short); again++) {
    if (short.livedMs > long.livedMs) long = await totalInstructions(target, many, short.livedMs);
    else short = await totalInstructions(target, few, long.livedMs);
  }
  const result = Math.round((long.instructions - short.instructions) / (many - few));
  const note = equallyLong(long, short) ? "" : " (the two runs' lengths differ by more than 5 %)";
  console.log(`${target.name}: ${result} instructions per request${note}`);
  return result;
}

async function main() {
  ensureBuild();
  const database = await createBenchDatabase("instructions");
  const env = { DATA_DIR: path.join(scratch, "data"), DATABASE_URL: database.url };
  try {
    // The account and its token, made with the server running normally.
    const server = await startServer({ port: 3303, env });
    const credentials = { email: "bench@example.com", password: "tejado-azul-mediterraneo-2026" };
    createUser(env, credentials);
    const token = await login(server.base, credentials);
    await server.stop();

    const hello = await perRequest({
      name: "bare Hono hello-world",
      script: "bench/api/hello.mjs",
      path: "/",
    });
    const user = await perRequest({
      name: "GET /api/user (postgres)",
      env,
      path: "/api/user",
      headers: { Authorization: `Bearer ${token}` },
    });
    const table = [
      measuredLine(
        "npm run bench:api:instructions",
        `valgrind, V8 single-threaded, ${few} and ${many} requests after ${warmUp} of warm-up in runs of equal length, 10 connections`,
      ),
      "",
      "| server | instructions per request | hello-world's share |",
      "|---|---|---|",
      `| bare Hono hello-world | ${hello} | 1.00 |`,
      `| GET /api/user (postgres) | ${user} | ${(hello / user).toFixed(2)} |`,
    ].join("\n");
    console.log(`\n${table}\n`);
    writeSection("## API instructions", table);
  } finally {
    await database.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
