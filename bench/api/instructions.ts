/**
 * `npm run bench:api:instructions`: CPU instructions per request of authenticated
 * `GET /api/user` (PostgreSQL) and of the bare Hono hello-world, counted by valgrind.
 *
 * bench:api measures throughput, which on two shared cores moves by a third from one run to the
 * next (the load generator competes with the server, other work with both). Instructions do
 * not, if only the requests are counted (decision 285). Each server runs once under callgrind,
 * V8 single-threaded, and after a warm-up is counted in rounds by `callgrind_control`: the
 * counters are zeroed, `--requests` are answered, the count is taken; then as long again with
 * no request, and that count (what the server does by the clock: the outbox's poll, the
 * scheduled sends' check) is subtracted. A request costs the median of the rounds. User space
 * only: the kernel's share (the socket reads and writes) is the same for both servers.
 *
 * Left out, as they came in lumps unrelated to the requests of a round (the two-run difference
 * used before counted one build 98.5k and 176.1k a request eight minutes apart):
 * - a page's harder compression (decision 283), brotli 11 on a thread of libuv's, about 0.7G
 *   instructions once the server is idle: the server is started by asking for /healthz, so no
 *   page is rendered;
 * - V8's optimizing compiler, which a poll of the database sends back over code the requests
 *   use (a deoptimization), up to 1G instructions in a round and none in the next: what
 *   `Runtime_CompileOptimized` ran is subtracted from each count;
 * - full garbage collections (up to 0.5G each, by the heap's size and an idle timer, not by a
 *   round's requests): the old generation starts at 1 GB and the memory reducer is off, so
 *   none runs. Young-generation collections, which follow what each request allocates, stay.
 * Prints and writes its table; never fails on the figures.
 *
 *   --requests N   requests in a round (default 10000)
 *   --rounds N     rounds counted (default 5)
 *   --warm-up N    requests before the first round (default 20000)
 *   --keep DIR     keep callgrind's files there (each round's count, then its idle stretch's),
 *                  to see with callgrind_annotate where a round's instructions went
 *   --only NAME    count only the server whose name contains NAME (`hello`, `user`)
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { run } from "../lib/autocannon.ts";
import { createBenchDatabase } from "../lib/postgres.ts";
import { measuredLine, writeSection } from "../lib/report.ts";
import { ensureBuild, root, startServer } from "../lib/server.ts";
import { createUser, login } from "../lib/users.ts";

const { values: args } = parseArgs({
  options: {
    requests: { type: "string", default: "10000" },
    rounds: { type: "string", default: "5" },
    "warm-up": { type: "string", default: "20000" },
    keep: { type: "string" },
    only: { type: "string" },
  },
});
const requests = Number(args.requests);
const rounds = Number(args.rounds);
const warmUp = Number(args["warm-up"]);
const scratch = mkdtempSync(path.join(os.tmpdir(), "obra-instructions-"));
process.chdir(root);

interface Target {
  name: string;
  script?: string;
  env?: Record<string, string>;
  path: string;
  readyPath: string;
  headers?: Record<string, string>;
}

interface Counted {
  name: string;
  /** Instructions per request, each round's, in the order counted. */
  rounds: number[];
  median: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * What V8's optimizing compiler ran in a count (`Runtime_CompileOptimized` and all it called):
 * code tiered up by the requests, or again after a poll of the database made it deoptimize,
 * as much as a gigabyte of instructions in one round and none in the next.
 */
function optimizing(file: string): number {
  const inclusive = execFileSync(
    "callgrind_annotate",
    ["--auto=no", "--inclusive=yes", "--threshold=100", file],
    { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  let total = 0;
  for (const [, figure] of inclusive.matchAll(/^\s*([\d,]+) .*Runtime_CompileOptimized\w*\(/gm)) {
    total += Number(figure?.replaceAll(",", ""));
  }
  return total;
}

async function perRequest(target: Target): Promise<Counted> {
  const out = path.join(args.keep ?? scratch, `${target.name.replace(/\W+/g, "-")}`);
  const server = await startServer({
    port: 3303,
    script: target.script,
    env: target.env,
    readyPath: target.readyPath,
    command: [
      "valgrind",
      "--tool=callgrind",
      `--callgrind-out-file=${out}.%p`,
      `--log-file=${out}.log`,
      process.execPath,
      // V8's own flags: no concurrent compiler or garbage-collector threads; an old generation
      // that needs no full collection in the run, and none on an idle timer (see above).
      "--single-threaded",
      "--initial-old-space-size=1024",
      "--no-memory-reducer",
    ],
    quiet: true,
  });
  // vgdb finds the server by its pid, user and host: the server's HOST (startServer sets it).
  const control = (...command: string[]) =>
    execFileSync("callgrind_control", [...command, String(server.pid)], {
      env: { ...process.env, HOST: "127.0.0.1" },
      stdio: "ignore",
    });
  let dumps = 0;
  /** The instructions counted since the last zero or count (a dump zeroes the counters too). */
  const count = async (): Promise<number> => {
    control("--dump");
    const file = `${out}.${server.pid}.${++dumps}`;
    for (let i = 0; i < 600; i++) {
      // `totals:` ends a file written whole; `summary:` is the count (callgrind_annotate's).
      const text = existsSync(file) ? readFileSync(file, "utf8") : "";
      const summary = /^totals:/m.test(text) && /^summary:\s+(\d+)/m.exec(text);
      if (summary) return Number(summary[1]) - optimizing(file);
      await sleep(100);
    }
    throw new Error(`${target.name}: no count in ${file}`);
  };
  const answer = async (amount: number) => {
    const result = await run({
      url: `${server.base}${target.path}`,
      headers: target.headers,
      amount,
      connections: 10,
      // Under valgrind on a busy machine an answer can take longer than autocannon's 10 s.
      timeout: 120,
    });
    if (result.non2xx || result.errors) throw new Error(`${target.name}: requests failed`);
  };
  const counted: number[] = [];
  try {
    await answer(warmUp);
    for (let round = 0; round < rounds; round++) {
      control("--zero");
      const started = performance.now();
      await answer(requests);
      const busyMs = performance.now() - started;
      const busy = await count();
      control("--zero");
      await sleep(busyMs);
      const idle = await count();
      counted.push(Math.round((busy - idle) / requests));
    }
  } finally {
    await server.stop();
  }
  const result = { name: target.name, rounds: counted, median: Math.round(median(counted)) };
  console.log(
    `${target.name}: ${result.median} instructions per request (rounds: ${counted.join(", ")})`,
  );
  return result;
}

const spread = (c: Counted) => `${Math.min(...c.rounds)}-${Math.max(...c.rounds)}`;

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

    const targets: Target[] = [
      { name: "bare Hono hello-world", script: "bench/api/hello.mjs", path: "/", readyPath: "/" },
      {
        name: "GET /api/user (postgres)",
        env,
        path: "/api/user",
        readyPath: "/healthz",
        headers: { Authorization: `Bearer ${token}` },
      },
    ];
    const counted: Counted[] = [];
    for (const target of targets) {
      if (!args.only || target.name.includes(args.only)) counted.push(await perRequest(target));
    }
    const [hello, user] = counted;
    if (counted.length < 2 || !hello || !user) return;
    const table = [
      measuredLine(
        "npm run bench:api:instructions",
        `callgrind, V8 single-threaded, after ${warmUp} requests of warm-up ${rounds} rounds of ${requests} requests less as long idle, the optimizing compiler left out, no full GC, the median, 10 connections`,
      ),
      "",
      "| server | instructions per request | rounds' range | hello-world's share |",
      "|---|---|---|---|",
      `| bare Hono hello-world | ${hello.median} | ${spread(hello)} | 1.00 |`,
      `| GET /api/user (postgres) | ${user.median} | ${spread(user)} | ${(hello.median / user.median).toFixed(2)} |`,
    ].join("\n");
    console.log(`\n${table}\n`);
    writeSection("## API instructions", table);
  } finally {
    await database.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

await main();
