/**
 * The product as the fault and load benches run it: the production build on a fresh PostgreSQL
 * database (optionally behind a TCP relay that a bench can cut), TRUST_PROXY on so each request
 * may carry its own X-Forwarded-For, and a signed-in guest's token.
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startTcpProxy } from "../../tests/support/tcp-proxy.ts";
import { type BenchDatabase, createBenchDatabase } from "./postgres.ts";
import { type RunningServer, startServer } from "./server.ts";
import { createUser, login } from "./users.ts";

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;

export interface Product {
  server: RunningServer;
  database: BenchDatabase;
  env: Record<string, string>;
  /** A bearer token of a verified guest_user. */
  token: string;
  /** Present when started with `viaProxy`: the relay between the server and PostgreSQL. */
  proxy?: TcpProxy;
  /** Stops the server (if still running), the relay and drops the database. */
  close(): Promise<void>;
}

export async function startProduct(options: {
  label: string;
  port: number;
  env?: Record<string, string>;
  viaProxy?: boolean;
  onStderr?: (text: string) => void;
  quiet?: boolean;
}): Promise<Product> {
  const database = await createBenchDatabase(options.label);
  let proxy: TcpProxy | undefined;
  const url = new URL(database.url);
  if (options.viaProxy) {
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
  }
  const env: Record<string, string> = {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), `obra-${options.label}-`)),
    TRUST_PROXY: "true",
    DATABASE_URL: url.toString(),
    ...options.env,
  };
  const credentials = { email: `${options.label}@example.com`, password: "tejado-azul-2026-bench" };
  // Before the server starts: the CLI then migrates and writes the database itself, with no
  // control-socket time limit for a password hash on a busy machine. Directly, not through the
  // relay: it runs in this process, whose event loop waits for the CLI.
  createUser({ ...env, DATABASE_URL: database.url }, credentials);
  const server = await startServer({
    port: options.port,
    env,
    onStderr: options.onStderr,
    quiet: options.quiet,
  });
  const token = await login(server.base, credentials);
  return {
    server,
    database,
    env,
    token,
    proxy,
    async close() {
      await server.stop();
      await proxy?.close();
      await database.drop();
    },
  };
}

/** POSTs JSON from a given client address; resolves with the status and the parsed body. */
export async function postJson(base: string, pathname: string, body: unknown, ip: string) {
  const res = await fetch(`${base}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
