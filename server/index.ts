/**
 * Production server: the SSR build's entry. The API, then the build's pages and assets, other
 * public files and React Router's handler for everything else. Started by scripts/start.mjs.
 */
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { company } from "../content/company.ts";
import { apiBeside, createApp } from "./app.ts";
import { boot } from "./boot.ts";
import { serveBuildFiles } from "./build-files.ts";
import { startControlSocket } from "./control.ts";
import { type Env, parseEnv } from "./env.ts";
import { serveUntilSignal } from "./lifecycle.ts";
import { log, safeError, setupLog } from "./log.ts";
import { contentSecurityPolicy, documentPolicy } from "./security-headers.ts";

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/** Set by vite.config.ts at build: the commit and the day of the build. */
declare const __APP_VERSION__: string | undefined;

export async function start() {
  const env = parseEnv();
  setupLog(env);
  const { services, close } = await boot(env).catch((error) => failedToStart(error));
  log.info(startupSummary(env), "starting");
  // `npm run user:create` reaches the database through this while the site runs.
  const control = await startControlSocket({ db: services.db, dataDir: env.DATA_DIR });
  const handleRequest = createRequestHandler(build, "production");

  // Pages and files. The API answers every /api/ path itself (apiBeside), so none of these
  // middlewares runs for it: they would cost it dearly (bench/api), compressing a few hundred
  // bytes of JSON, looking for files (up to three stats per path), and reading or setting an
  // answer's headers, which costs @hono/node-server its fast path.
  const site = new Hono();
  const headerOptions = {
    googleTags: Boolean(env.GA_MEASUREMENT_ID || env.ADS_CONVERSION_SEND_TO),
    frameOrigins: [new URL(company.map.embedUrl).origin],
  };
  // Pre-rendered pages and assets from memory, compressed and with their policy made at start.
  site.use(
    "*",
    serveBuildFiles(clientDir, (html) => contentSecurityPolicy(html, headerOptions)),
  );
  // Pages rendered on request are gzipped on the fly, with a policy made from their scripts.
  site.use("*", compress());
  site.use("*", documentPolicy(headerOptions));
  // The other public files (favicon, images) and what memory leaves (ranges).
  site.use(
    "*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (file, c) => {
        // Image names carry no hash: a day fresh, then revalidated in the background for a week.
        c.header(
          "Cache-Control",
          file.includes("/images/")
            ? "public, max-age=86400, stale-while-revalidate=604800"
            : "public, max-age=300",
        );
      },
    }),
  );
  site.all("*", (c) => handleRequest(c.req.raw, new RouterContextProvider()));

  const server = serveUntilSignal({
    fetch: apiBeside(createApp(services), site),
    port: env.PORT,
    hostname: env.HOST,
    async onDrained() {
      await control?.close();
      await close();
    },
  });
  server.once("error", (error) => failedToStart(error, env));
  return server;
}

/**
 * One line saying what this instance runs with; no secret in it (URLs lose their user and
 * password, and only host, port and database name are kept).
 */
export function startupSummary(env: Env) {
  const where = (value: string) => {
    const url = new URL(value);
    return `${url.protocol.slice(0, -1)}://${url.host}${url.protocol.startsWith("postgres") ? url.pathname : ""}`;
  };
  return {
    version: typeof __APP_VERSION__ === "string" ? __APP_VERSION__ : "unbuilt",
    node: process.version,
    database: env.DATABASE_URL
      ? where(env.DATABASE_URL)
      : `embedded ${path.resolve(env.DATA_DIR, "pglite")}`,
    mail: env.SMTP_URL ? where(env.SMTP_URL) : `files in ${path.resolve(env.DATA_DIR, "mail")}`,
    throttles: env.REDIS_URL ? where(env.REDIS_URL) : "memory",
    trust_proxy: env.TRUST_PROXY,
    origin: env.APP_URL,
  };
}

/**
 * A start that cannot go on (the database will not open, the address cannot be listened on)
 * ends with one line on stderr saying why, not a stack trace, and exit status 1 so that
 * systemd tries again (the database may be starting too).
 */
function failedToStart(error: unknown, env?: Env): never {
  const { code } = error as { code?: string };
  const at = env && `${env.HOST}:${env.PORT}`;
  const why =
    code === "EADDRINUSE"
      ? `cannot listen on ${at}: the port is in use (PORT)`
      : code === "EADDRNOTAVAIL"
        ? `cannot listen on ${at}: not an address of this machine (HOST)`
        : code === "EACCES"
          ? `cannot listen on ${at}: permission denied (PORT below 1024 needs privileges)`
          : code === "ENOTFOUND" || code === "EAI_AGAIN"
            ? `cannot listen on ${at}: the host name does not resolve (HOST)`
            : `the start failed: ${safeError(error).message || code}`;
  log.fatal({ err: safeError(error) }, why);
  process.stderr.write(`${why}\n`);
  process.exit(1);
}
