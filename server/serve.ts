/**
 * The start of a serving instance once its settings are read and its log set up: open the
 * database and the rest (boot), say what it runs with in one line, listen. The production
 * entry (server/index.ts) hands it the site, made once the dependencies are (the pages read the
 * site content); tests hand it a stand-in for the pages.
 */
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { apiBeside, createApp } from "./app.ts";
import { boot } from "./boot.ts";
import { startControlSocket } from "./control.ts";
import type { Dependencies } from "./dependencies.ts";
import { type Env, readDotEnv, straySettings } from "./env.ts";
import { serveUntilSignal } from "./lifecycle.ts";
import { log, safeError } from "./log.ts";
import { lowDiskLines, startupLines } from "./startup-lines.ts";

/** Set by vite.config.ts at build: the commit and the day of the build. */
declare const __APP_VERSION__: string | undefined;
/** Set by vite.config.ts at build: the APP_URL baked into the pre-rendered pages. */
declare const __SITE_URL__: string | undefined;

export async function serveSite(env: Env, site: Hono | ((deps: Dependencies) => Hono)) {
  const { deps, close } = await boot(env).catch((error) => failedToStart(error));
  log.info(startupSummary(env), "starting");
  // Variables meant for the site that it ignores, where mail and lead notices go, and (in
  // production) the company data still made up.
  const builtSiteUrl = typeof __SITE_URL__ === "string" ? __SITE_URL__ : undefined;
  const free = {
    dataDir: await deps.disk.free(env.DATA_DIR),
    uploads: await deps.disk.free(os.tmpdir()),
  };
  const stray = straySettings(readDotEnv());
  for (const { level, message } of [
    ...startupLines(env, builtSiteUrl, stray, await deps.siteContent.get("company")),
    ...lowDiskLines(env, free, os.tmpdir()),
  ]) {
    log[level](message);
  }
  // `npm run user:create` and `db:backup` reach the embedded database through this while the
  // site runs (it is the site's alone); on PostgreSQL they open the database themselves.
  const control = env.DATABASE_URL
    ? undefined
    : await startControlSocket({ db: deps.db, dataDir: env.DATA_DIR, env });
  const server = serveUntilSignal({
    fetch: apiBeside(createApp(deps), typeof site === "function" ? site(deps) : site),
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
 * What this instance runs with, for the start-up line. No secret: URLs keep their scheme, host
 * and port, and which database on that server (PostgreSQL's name, Redis's number, 0 when the
 * URL names none: two sites on one Redis must count apart), never a user or a password.
 */
export function startupSummary(env: Env) {
  const where = (value: string) => {
    const url = new URL(value);
    const named = url.pathname.length > 1 ? url.pathname : "";
    const database = url.protocol.startsWith("postgres")
      ? named
      : url.protocol.startsWith("redis")
        ? named || "/0"
        : "";
    return `${url.protocol.slice(0, -1)}://${url.host}${database}`;
  };
  return {
    version: typeof __APP_VERSION__ === "string" ? __APP_VERSION__ : "unbuilt",
    node: process.version,
    database: env.DATABASE_URL
      ? where(env.DATABASE_URL)
      : `embedded in ${path.resolve(env.DATA_DIR, "pglite")}`,
    mail: env.SMTP_URL ? where(env.SMTP_URL) : `files in ${path.resolve(env.DATA_DIR, "mail")}`,
    throttles: env.REDIS_URL ? where(env.REDIS_URL) : "memory",
    trust_proxy: env.TRUST_PROXY,
    origin: env.APP_URL,
  };
}

/**
 * A start that cannot go on (the address cannot be listened on, Redis does not answer) ends
 * with one line on stderr saying why, not a stack trace, and exit status 1 so that systemd
 * tries again. The log has the details. (DATA_DIR and DATABASE_URL refusals are StartRefused,
 * with their own exit status: boot.ts.)
 */
function failedToStart(error: unknown, env?: Env): never {
  // Drizzle wraps a driver's error in one naming the whole query: the driver's says why.
  let cause = error;
  while ((cause as { cause?: unknown }).cause) cause = (cause as { cause?: unknown }).cause;
  const { code } = cause as { code?: string };
  const at = env && `${env.HOST}:${env.PORT}`;
  const why =
    code === "EADDRINUSE"
      ? `Cannot listen on ${at}: the port is in use (PORT)`
      : code === "EADDRNOTAVAIL"
        ? `Cannot listen on ${at}: not an address of this machine (HOST)`
        : code === "EACCES"
          ? `Cannot listen on ${at}: permission denied (a PORT below 1024 needs privileges)`
          : (code === "ENOTFOUND" || code === "EAI_AGAIN") && at
            ? `Cannot listen on ${at}: the host name does not resolve (HOST)`
            : `The start failed: ${safeError(cause).message.split("\n")[0] || code || "unknown error"}`;
  log.fatal({ err: error }, why);
  process.stderr.write(`${why}\n`);
  process.exit(1);
}
