/**
 * Production server: the SSR build's entry. Static assets, then pre-rendered pages, then the
 * API, then React Router's handler for everything else. Started by scripts/start.mjs.
 */
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { company } from "../content/company.ts";
import { createApp } from "./app.ts";
import { boot } from "./boot.ts";
import { startControlSocket } from "./control.ts";
import { parseEnv } from "./env.ts";
import { serveUntilSignal } from "./lifecycle.ts";
import { servePrerendered } from "./prerendered.ts";
import { isApiPath } from "./response-headers.ts";
import { contentSecurityPolicy, documentPolicy } from "./security-headers.ts";

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

/**
 * A middleware for pages and files that API requests skip: API paths are not files (each
 * lookup stats up to three candidates), never HTML, and anything that reads or sets an
 * answer's headers costs @hono/node-server its fast path (bench/api).
 */
const pagesOnly =
  (middleware: MiddlewareHandler): MiddlewareHandler =>
  (c, next) =>
    isApiPath(c.req.path) ? next() : middleware(c, next);

export async function start() {
  const env = parseEnv();
  const { services, close } = await boot(env);
  // `npm run user:create` reaches the database through this while the site runs.
  const control = await startControlSocket({ db: services.db, dataDir: env.DATA_DIR });
  const handleRequest = createRequestHandler(build, "production");

  const server = new Hono();
  // Rendered pages are gzipped on the fly; static files already carry Content-Encoding from
  // their .br/.gz copies (scripts/precompress.ts). API answers are small JSON: compressing them
  // cost three quarters of the API's throughput (bench/api), for a few hundred bytes.
  server.use("*", pagesOnly(compress()));
  const headerOptions = {
    googleTags: Boolean(env.GA_MEASUREMENT_ID || env.ADS_CONVERSION_SEND_TO),
    frameOrigins: [new URL(company.map.embedUrl).origin],
  };
  server.use("*", pagesOnly(documentPolicy(headerOptions)));
  server.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
    }),
  );
  // Pre-rendered pages (dir/index.html) from memory, then the other public files (favicon,
  // images) and whatever the first leaves (ranges).
  server.use(
    "*",
    pagesOnly(servePrerendered(clientDir, (html) => contentSecurityPolicy(html, headerOptions))),
  );
  server.use(
    "*",
    pagesOnly(
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (file, c) => {
          if (c.res.headers.get("Cache-Control")) return;
          // Image names carry no hash: a day fresh, then revalidated in the background for a week.
          c.header(
            "Cache-Control",
            file.includes("/images/")
              ? "public, max-age=86400, stale-while-revalidate=604800"
              : "public, max-age=300",
          );
        },
      }),
    ),
  );
  server.route("/", createApp(services));
  server.all("*", (c) => handleRequest(c.req.raw, new RouterContextProvider()));

  return serveUntilSignal({
    fetch: server.fetch,
    port: env.PORT,
    hostname: env.HOST,
    async onDrained() {
      await control?.close();
      await close();
    },
  });
}
