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

/** Instructions the server ran in all, having answered `requests` after the warm-up. */
async function totalInstructions(target: Target, requests: number): Promise<number> {
  const log = path.join(scratch, `valgrind-${process.hrtime.bigint()}.log`);
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
    await run({ url, headers: target.headers, amount: warmUp, connections: 10 });
    const result = await run({ url, headers: target.headers, amount: requests, connections: 10 });
    if (result.non2xx || result.errors) throw new Error(`${target.name}: requests failed`);
  } finally {
    await server.stop();
  }
  const refs = /I\s+refs:\s+([\d,]+)/.exec(readFileSync(log, "utf8"))?.[1];
  if (!refs) throw new Error(`no instruction count in ${log}`);
  return Number(refs.replaceAll(",", ""));
}

async function perRequest(target: Target): Promise<number> {
  const short = await totalInstructions(target, few);
  const long = await totalInstructions(target, many);
  const result = Math.round((long - short) / (many - few));
  console.log(`${target.name}: ${result} instructions per request`);
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
        `valgrind, V8 single-threaded, ${few} and ${many} requests after ${warmUp} of warm-up, 10 connections`,
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
