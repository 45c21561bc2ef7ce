/**
 * `npm run dev`: Vite in middleware mode under a plain Node server. The API and the React
 * Router handler are loaded through Vite on every request, so edits to either hot-reload.
 */
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { createServer as createViteServer } from "vite";
import { boot } from "./boot.ts";
import { startControlSocket } from "./control.ts";
import { parseEnv } from "./env.ts";
import { SecuredResponse } from "./fast-path/response-headers.ts";
import { log, setupLog } from "./log.ts";

process.env.NODE_ENV ??= "development";
const env = parseEnv();
// Modules Vite loads for each request have their own copy of server/log.ts, which reads
// NODE_ENV and LOG_LEVEL from the environment the line above completed.
setupLog(env);
const { deps } = await boot(env);
// `npm run user:create` must not open the embedded database while this process holds it.
await startControlSocket({ db: deps.db, dataDir: env.DATA_DIR, env });
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });

const handle = getRequestListener(async (request) => {
  const { apiBeside, createApp } = (await vite.ssrLoadModule(
    "./server/app.ts",
  )) as typeof import("./app.ts");
  const { createRequestHandler, RouterContextProvider } = (await vite.ssrLoadModule(
    "react-router",
  )) as typeof import("react-router");
  const build = () => vite.ssrLoadModule("virtual:react-router/server-build");
  const { adminEntrance } = (await vite.ssrLoadModule(
    "./server/admin/entrance.ts",
  )) as typeof import("./admin/entrance.ts");
  const site = new Hono();
  site.on("GET", adminEntrance.paths, adminEntrance.handler);
  // biome-ignore lint/suspicious/noExplicitAny: the virtual module has no static type
  const handleRequest = createRequestHandler(build as any, "development");
  // Rendered on every request, nothing kept (edits show at once), from the site content.
  const { siteContentContext } = (await vite.ssrLoadModule(
    "./content/site-content.ts",
  )) as typeof import("../content/site-content.ts");
  const context = new RouterContextProvider();
  context.set(siteContentContext, deps.siteContent);
  site.all("*", (c) => handleRequest(c.req.raw, context));
  return apiBeside(createApp(deps), site)(request);
});

createServer({ ServerResponse: SecuredResponse }, (req, res) =>
  vite.middlewares(req, res, () => handle(req, res)),
).listen(env.PORT, env.HOST, () => log.info(`Dev server on http://localhost:${env.PORT}`));
