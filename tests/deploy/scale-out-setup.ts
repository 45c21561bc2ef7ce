/**
 * docs/deploy.md's scale-out section, started literally for the deploy tests: Debian's nginx
 * (TLS, the guide's site block) in front of two instances of the production build on one
 * PostgreSQL database and one Redis, with the guide's instance settings. Needs the build.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { expect, vi } from "vitest";
import { writeNginxConf } from "../support/nginx-conf.ts";
import { freePorts } from "../support/ports.ts";
import { adminUrl, databaseUrl } from "../support/postgres.ts";
import { localNginxSite, readDeployGuide } from "./deploy-guide.ts";

const root = path.resolve(import.meta.dirname, "../..");
export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
export const guide = readDeployGuide();
/** A Redis database of its own, emptied first: throttle windows of earlier runs stay out. */
export const redisUrl = "redis://127.0.0.1:6379/7";

const tlsAgent = new https.Agent({ keepAlive: true, rejectUnauthorized: false, maxSockets: 16 });

/**
 * One HTTPS request through nginx, for the site's canonical name (its TLS name and Host) unless
 * `host` says another: status, headers and parsed JSON body (when JSON).
 */
export function throughProxy(
  base: string,
  target: string,
  init: {
    method?: string;
    body?: unknown;
    headers?: Record<string, string>;
    host?: string;
    localAddress?: string;
  } = {},
): Promise<{ status: number; body: unknown; headers: http.IncomingHttpHeaders }> {
  const host = init.host ?? guide.canonicalHost;
  return new Promise((resolve, reject) => {
    // JSON, unless the body is already bytes (a form, with its own content-type header).
    const payload =
      init.body === undefined || Buffer.isBuffer(init.body) ? init.body : JSON.stringify(init.body);
    const request = https.request(
      `${base}${target}`,
      {
        method: init.method ?? "GET",
        agent: init.localAddress ? undefined : tlsAgent,
        rejectUnauthorized: false,
        servername: host,
        localAddress: init.localAddress,
        headers: {
          host,
          ...(typeof payload === "string" ? { "content-type": "application/json" } : {}),
          ...init.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          if (/json/.test(response.headers["content-type"] ?? "")) body = JSON.parse(text);
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

export interface Instance {
  port: number;
  child: ChildProcess;
}

/**
 * `npm run serve` with the guide's settings, as systemd would start it (own process group), and
 * ready as the guide's step 3 says: /readyz answers 200. Counted only once the server itself
 * has said it listens on this port (its "Listening on" line): until then an answer on the port
 * may be another process's, and the instance may yet fail to listen (CI once counted a
 * still-draining server's answers for its successor's; this machine also runs other tests
 * that take free ports from the same range).
 */
export async function startInstance(port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn("npm", ["run", "serve", "--silent"], {
    cwd: root,
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  const listeningLine = `"msg":"Listening on 127.0.0.1 only, http://127.0.0.1:${port}"`;
  let output = "";
  let listens = false;
  // Read to the end, kept only until the line: a full pipe would stop the server's writes.
  child.stdout?.on("data", (chunk: Buffer) => {
    if (listens) return;
    output += chunk;
    listens = output.includes(listeningLine);
  });
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited (${child.exitCode})`);
    const ready =
      listens &&
      (await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      ));
    if (ready) return { port, child };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`instance on ${port} never became ready`);
}

/** Whether any process of the group `leader` started is still running. */
function groupRuns(leader: ChildProcess): boolean {
  try {
    process.kill(-(leader.pid as number), 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * systemd's stop: SIGTERM to the unit's whole process group, then wait until every process of
 * it has exited, the server's drain included, as systemd does. npm, the group's leader, exits
 * at once; the server stops listening first and answers what it has, on nginx's kept-alive
 * connections too, before it exits. Neither npm's exit nor a free port is the end of the stop.
 */
export async function stopInstance(instance: Instance) {
  if (!groupRuns(instance.child)) return;
  process.kill(-(instance.child.pid as number), "SIGTERM");
  await vi.waitFor(() => expect(groupRuns(instance.child)).toBe(false), {
    timeout: 30_000,
    interval: 100,
  });
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
/** Outside CI a machine without PostgreSQL skips the deploy tests, loudly (as the API tests do). */
export const postgresAvailable = await postgresAnswers();
if (!postgresAvailable)
  console.warn("No PostgreSQL on 127.0.0.1:5432: the deploy test is skipped.");
/** What `describe.skipIf` takes: skipped only outside CI, where PostgreSQL may be missing. */
export const noPostgres = !postgresAvailable && !process.env.CI;

export interface ScaleOut {
  /** The two instances, in the guide's order (restarts replace them in place). */
  instances: Instance[];
  /** nginx over TLS (`throughProxy` names the guide's host), and over plain HTTP. */
  proxyBase: string;
  plainBase: string;
  httpsPort: number;
  /** The settings every instance runs with (the guide's, with this machine's addresses). */
  instanceEnv: Record<string, string>;
  /** The `i`th instance itself, past nginx. */
  direct(i: number): string;
  /** nginx's access log so far (each line names its upstream). */
  accessLog(): string;
  /** `npm run user:create` on the shared database, as the operator runs it. */
  createUser(person: { name: string; email: string; password: string; role: string }): void;
  /** Stops the instances and nginx and drops the database. */
  stop(): Promise<void>;
}

/**
 * The guide's setup from nothing: a new database (`obra_deploy_<label>_<pid>`), an emptied Redis
 * database, the guide's migration step, both instances at once, a self-signed certificate and
 * the guide's nginx site in front of them.
 */
export async function startScaleOut(label: string): Promise<ScaleOut> {
  const databaseName = `obra_deploy_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${databaseName}" with (force)`);
  await admin.query(`create database "${databaseName}"`);
  await admin.end();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();

  const prefix = mkdtempSync(path.join(os.tmpdir(), "obra-deploy-"));
  const [httpPort, httpsPort, ...ports] = (await freePorts(
    2 + guide.instancePorts.length,
  )) as number[];
  const instanceEnv = {
    ...guide.instanceEnv,
    DATABASE_URL: databaseUrl(databaseName),
    REDIS_URL: redisUrl,
    DATA_DIR: path.join(prefix, "data"),
  };
  const instances: Instance[] = [];
  let nginx: ChildProcess | undefined;

  const stop = async () => {
    await Promise.all(instances.map(stopInstance));
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((r) => nginx?.once("exit", r));
      nginx.kill("SIGQUIT");
      await gone;
    }
    tlsAgent.destroy();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${databaseName}" with (force)`);
    await dropper.end();
    rmSync(prefix, { recursive: true, force: true });
  };

  try {
    // The guide's separate migration step, then both instances at once.
    execFileSync("npm", ["run", "db:migrate", "--silent"], {
      cwd: root,
      env: { ...process.env, ...instanceEnv },
      stdio: ["ignore", "ignore", "inherit"],
    });
    instances.push(...(await Promise.all(ports.map((port) => startInstance(port, instanceEnv)))));

    const cert = path.join(prefix, "cert.pem");
    const key = path.join(prefix, "key.pem");
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"],
        ...["-subj", "/CN=localhost", "-keyout", key, "-out", cert],
      ],
      { stdio: "ignore" },
    );
    const site = localNginxSite(guide.nginxSite, {
      ports: new Map(guide.instancePorts.map((from, i) => [from, ports[i] as number])),
      http: httpPort as number,
      https: httpsPort as number,
      cert,
      key,
      logs: prefix,
      build: buildDir,
    });
    const conf = writeNginxConf(prefix, site);
    nginx = spawn("/usr/sbin/nginx", ["-c", conf, "-p", prefix], { stdio: "inherit" });
    const proxyBase = `https://127.0.0.1:${httpsPort}`;
    await vi.waitFor(() => throughProxy(proxyBase, "/healthz"), { timeout: 30_000, interval: 100 });

    return {
      instances,
      proxyBase,
      plainBase: `http://127.0.0.1:${httpPort}`,
      httpsPort: httpsPort as number,
      instanceEnv,
      direct: (i) => `http://127.0.0.1:${instances[i]?.port}`,
      accessLog: () => readFileSync(path.join(prefix, "obra.access.log"), "utf8"),
      createUser: ({ name, email, password, role }) =>
        execFileSync(
          "npm",
          [
            ...["run", "user:create", "--silent", "--"],
            ...["--name", name, "--email", email, "--password", password, "--role", role],
          ],
          {
            cwd: root,
            env: { ...process.env, ...instanceEnv },
            stdio: ["ignore", "ignore", "inherit"],
          },
        ),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
