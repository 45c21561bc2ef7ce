/**
 * The production server as the benches start it: bench/api/server.mjs (what `npm start` runs,
 * without the rebuild check) in a child process on 127.0.0.1, with BUILD_DIR and env of choice.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";

export const root = path.resolve(import.meta.dirname, "../..");

/** The build the benches serve: BUILD_DIR (default ./build), built first when missing. */
export function ensureBuild(): string {
  const buildDir = process.env.BUILD_DIR ?? "build";
  if (!existsSync(path.join(root, buildDir, "server/server.js"))) {
    execFileSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  }
  return buildDir;
}

export interface RunningServer {
  child: ChildProcess;
  pid: number;
  base: string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<number | string>;
}

/** Servers still running when a bench dies are killed with it, so no port stays taken. */
const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/**
 * Polls `url` until anything answers; fails early if the process exits meanwhile. Up to five
 * minutes: the server's start under valgrind (bench:api:instructions) took more than one on two
 * cores shared with other work.
 */
export async function waitForHttp(url: string, child: ChildProcess) {
  for (let i = 0; i < 1500; i++) {
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

export async function startServer(options: {
  port: number;
  env?: Record<string, string>;
  /** Default: the production server, bench/api/server.mjs. */
  script?: string;
  /** Called with each chunk of the server's stderr (passed through too unless `quiet`). */
  onStderr?: (text: string) => void;
  /** Keep the server's stderr off the terminal (outage benches make it log every failure). */
  quiet?: boolean;
  /** Silence stdout (default) or pass it through. */
  stdout?: "ignore" | "inherit";
  /** The command line before the script (default: this node; valgrind, node and flags, say). */
  command?: string[];
  /** The path polled until the server answers (default `/`, which renders the home page). */
  readyPath?: string;
}): Promise<RunningServer> {
  const base = `http://127.0.0.1:${options.port}`;
  const taken = await fetch(base).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${options.port} is already in use`);
  const [program = process.execPath, ...args] = [
    ...(options.command ?? [process.execPath]),
    options.script ?? "bench/api/server.mjs",
  ];
  const child = spawn(program, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      ...options.env,
    },
    stdio: ["ignore", options.stdout ?? "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    options.onStderr?.(text);
    if (!options.quiet) process.stderr.write(text);
  });
  children.add(child);
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve(code ?? signal ?? "unknown");
    }),
  );
  await waitForHttp(`${base}${options.readyPath ?? "/"}`, child);
  return {
    child,
    pid: child.pid ?? 0,
    base,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Resident memory of a process in MiB, from /proc/<pid>/status (VmRSS). */
export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return Math.round((kib / 1024) * 10) / 10;
}

/** A GET answered as the bytes on the wire (fetch would undo the content encoding). */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ body: Buffer; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * Waits until a public page is kept and answered compressed as the build compresses, as
 * visitors get it once a publish has settled: a page is first compressed fast, and harder once
 * the instance has stopped rendering (decision 283). Pages are polished in the order rendered.
 */
export async function keptAndPolished(base: string, page: string): Promise<void> {
  const identity = (await rawGet(`${base}${page}`)).body;
  const built = gzipSync(identity, { level: 9 }).length;
  for (let attempt = 0; attempt < 600; attempt++) {
    const answer = await rawGet(`${base}${page}`, { "accept-encoding": "gzip" });
    if (answer.body.length === built) return;
    await sleep(100);
  }
  throw new Error(`${page} was not compressed harder within a minute`);
}
