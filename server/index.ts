/**
 * Production server: the SSR build's entry. The API, then the build's assets, the public pages
 * (rendered and kept until the content changes), other public files and React Router's handler
 * for everything else. Started by scripts/start.mjs.
 */
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { company } from "../content/company.ts";
import { serviceChoices } from "../content/service-choices.ts";
import { siteContentContext } from "../content/site-content.ts";
import { adminEntrance } from "./admin/entrance.ts";
import { serveBuildFiles } from "./build-files.ts";
import { parseEnv } from "./env.ts";
import { keepStringMethodsFast } from "./fast-path/string-methods.ts";
import { setupLog } from "./log.ts";
import { decodablePath, withLoggedErrors } from "./page-errors.ts";
import { contentSecurityPolicy, documentPolicy } from "./security-headers.ts";
import { serveSite } from "./serve.ts";
import { isSitePage } from "./site-content/pages.ts";
import { serveSitePages } from "./site-content/serve-pages.ts";

const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");

export async function start() {
  // Every module is loaded by now, ioredis among them (decision 289).
  keepStringMethodsFast();
  const env = parseEnv();
  setupLog(env);
  const handleRequest = createRequestHandler(withLoggedErrors(build), "production");

  return serveSite(env, (deps) => {
    // Pages and files. The API answers every /api/ path itself (apiBeside), so none of these
    // middlewares runs for it: they would cost it dearly (bench/api), compressing a few hundred
    // bytes of JSON, looking for files (up to three stats per path), and reading or setting an
    // answer's headers, which costs @hono/node-server its fast path.
    const site = new Hono();
    // Every render reads what staff published through the site content (decision 244).
    const context = () => {
      const provider = new RouterContextProvider();
      provider.set(siteContentContext, deps.siteContent);
      return provider;
    };
    site.on("GET", adminEntrance.paths, adminEntrance.handler);
    const headerOptions = {
      googleTags: Boolean(env.GA_MEASUREMENT_ID || env.ADS_CONVERSION_SEND_TO),
      frameOrigins: [new URL(company.map.embedUrl).origin],
    };
    // A service page's "Pide presupuesto", /contact?servicio=…, is rendered on request with that
    // service chosen in the form, so it is there before any script runs (decision 182). Any other
    // query, and every other page, gets the kept page, which knows no query.
    const choosesService = (c: Context) =>
      (/^\/contact\/?$/.test(c.req.path) &&
        serviceChoices.some((choice) => choice.value === c.req.query("servicio"))) ||
      // The projects' filter (decision 249): a service or a city asked for is rendered for it.
      (/^\/obras\/?$/.test(c.req.path) &&
        Boolean(c.req.query("servicio") || c.req.query("ciudad")));
    // The build's assets from memory, compressed and with their headers made at start.
    const buildFiles = serveBuildFiles(clientDir);
    site.use("*", buildFiles);
    // Public pages: rendered on request, then kept until staff publish a change (decision 244).
    const pages = serveSitePages({
      content: deps.siteContent,
      isSitePage,
      render: (request) => handleRequest(request, context()),
      policyFor: (html) => contentSecurityPolicy(html, headerOptions),
    });
    site.use("*", (c, next) => (choosesService(c) ? next() : pages(c, next)));
    // Pages rendered on request are gzipped on the fly, with a policy made from their scripts.
    site.use("*", compress());
    site.use("*", documentPolicy(headerOptions));
    // The other public files (favicon, images) and what memory leaves (ranges).
    const staticFiles = serveStatic({
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
    });
    site.use("*", (c, next) => (choosesService(c) ? next() : staticFiles(c, next)));
    site.all("*", (c) =>
      decodablePath(c.req.url)
        ? handleRequest(c.req.raw, context())
        : c.text("La dirección no es válida.", 400),
    );
    return site;
  });
}
