import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { getPath } from "hono/utils/url";
import { errorTitles, serverFaultMessage } from "../content/errors.ts";
import { sitePhotoPath } from "../content/site-photos.ts";
import { createApi } from "./api/index.ts";
import { createMediaRouter } from "./api/site-photos.ts";
import { isDatabaseUnavailable } from "./db/errors.ts";
import type { Dependencies } from "./dependencies.ts";
import { ApiRouter } from "./fast-path/api-router.ts";
import { isApiTarget } from "./fast-path/response-headers.ts";
import { mountHealth } from "./health.ts";
import { jsonResponse } from "./http-errors.ts";
import { uploadTooLarge } from "./leads/lead-form.ts";
import { linkPageAnswer, pageAnswer } from "./leads/page-answer.ts";
import { maxUploadBytes } from "./leads/photos.ts";
import { log, redactTarget, requestIdOf } from "./log.ts";
import { oneClickUnsubscribePath } from "./newsletter/subscriptions.ts";
import { isHealthTarget, isSitePhotoTarget, pathOf } from "./probe-targets.ts";

const jsonError = (
  status: 400 | 404 | 413 | 415 | 500 | 503,
  title: string,
  message: string,
  headers?: Record<string, string>,
) => jsonResponse({ title, message }, status, headers);

const bodyMethods = ["POST", "PUT", "PATCH"];

/**
 * The API calls that take files: a quote request with photos (decision 131), photos a visitor
 * adds to their own request (267), a staff photo (248).
 */
const isUpload = (method: string, path: string, type: string) =>
  method === "POST" &&
  (((path === "/api/contacts" || /^\/api\/my-requests\/[^/]+\/photos$/.test(path)) &&
    /^multipart\/form-data\b/i.test(type)) ||
    // A staff photo: the file itself is the body, whatever type it says (decision 248).
    path === "/api/site-photos");

/**
 * Waits the API keeps for production's sake, each defaulting to production's value. Only tests
 * pass shorter ones (tests/support/app.ts), so that a test does not wait a second for each;
 * no setting of the environment reaches them (decision 170).
 */
export interface AppTimings {
  /** How often waiting password-reset requests are worked (1 s; decision 072). */
  resetRequestTickMs?: number;
  /** How long one /readyz answer is reused (1 s). */
  readinessReuseMs?: number;
}

/**
 * The JSON API under /api with its HTTP concerns (body limit, content type, errors, 404).
 * The production and dev servers hand it every /api/ path: `apiBeside`.
 */
export function createApp(deps: Dependencies, timings: AppTimings = {}) {
  // The admin API's routes matched apart, so the rest keeps Hono's fastest router (decision 279).
  const app = new Hono({ router: new ApiRouter() });

  // No CORS headers are ever sent: browsers keep other origins out of the API. The security
  // headers and Cache-Control: no-store are written by Node (server/response-headers.ts).

  // Only requests that may carry a body are checked for one, so that a GET matches its own
  // handler alone and an answer ready at once is written without a promise (decision 065).
  // Asking a GET for its body would also make @hono/node-server build a full web Request.
  const jsonLimit = bodyLimit({
    maxSize: 64 * 1024,
    onError: () =>
      jsonError(
        413,
        "Petición demasiado grande",
        "Los datos enviados superan el tamaño permitido.",
      ),
  });
  /**
   * A body sent in chunks is read whole by the limit before the route runs. A client that stops
   * sending it halfway (a closed tab, a dropped connection, a truncated request) fails that read
   * with its socket's ECONNRESET: the client's doing, answered 400 (if anyone still listens) with
   * a debug line, never counted as the database's or logged as an error (decision 061).
   */
  const readJsonBody: MiddlewareHandler = async (c, next) => {
    let routeReached = false;
    try {
      return await jsonLimit(c, () => {
        routeReached = true;
        return next();
      });
    } catch (error) {
      if (routeReached) throw error;
      log.debug(
        {
          id: requestIdOf(c.env),
          method: c.req.method,
          path: redactTarget(c.req.path),
          err: error,
        },
        "request body cut short by the client",
      );
      return jsonError(
        400,
        "Petición incompleta",
        "Los datos enviados no llegaron completos. Inténtalo de nuevo.",
        { connection: "close" },
      );
    }
  };
  // First, so that every answer to it, a refusal by the checks below included, becomes a page.
  app.post("/api/contacts", pageAnswer);
  app.post("/api/subscriptions", pageAnswer);
  app.post("/api/subscriptions/confirm", linkPageAnswer);
  app.post(oneClickUnsubscribePath, linkPageAnswer);
  app.on(bodyMethods, "/api/*", async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    if (!isUpload(c.req.method, c.req.path, type)) return readJsonBody(c, next);
    // Photos are read as they stream in, never buffered whole: a body announcing more than five
    // photos' worth is refused before a byte of it is read, and one that does not say its size
    // is cut off by the reader at the same size (server/leads/multipart.ts).
    const length = Number(c.req.header("content-length") ?? 0);
    if (!(length <= maxUploadBytes)) {
      return jsonError(413, uploadTooLarge.title, uploadTooLarge.message, { connection: "close" });
    }
    await next();
  });
  app.on(bodyMethods, "/api/*", async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    // RFC 8058: mail clients unsubscribe with a form post, the one form the API accepts besides
    // a quote request with photos; one that names another body type, or none, is taken too (its
    // body is read only if it is JSON, and the token is in the address).
    const oneClick = c.req.path === oneClickUnsubscribePath;
    if (
      !oneClick &&
      !isUpload(c.req.method, c.req.path, type) &&
      !/^application\/(.+\+)?json\b/i.test(type)
    ) {
      return jsonError(415, "Formato no admitido", "Envía los datos en formato JSON.");
    }
    await next();
  });

  app.route("/api", createApi(deps, timings));
  // /healthz and /readyz: beside the API so no page middleware runs for a probe (apiBeside).
  mountHealth(app, deps, { reuseMs: timings.readinessReuseMs });
  // Staff photos by their hash (decision 248): beside the API, read from the database.
  app.route(sitePhotoPath, createMediaRouter(deps));
  app.notFound(() =>
    jsonError(404, "No encontrado", "La dirección solicitada no existe en la API."),
  );

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (error.res) return error.res;
      if (error.status === 400 && /json/i.test(error.message)) {
        return jsonError(400, "Datos no válidos", "El cuerpo de la petición no es un JSON válido.");
      }
      return jsonResponse({ title: "Error", message: error.message }, error.status);
    }
    const id = requestIdOf(c.env);
    if (isDatabaseUnavailable(error)) {
      log.error(
        { id, method: c.req.method, path: redactTarget(c.req.path) },
        "database unavailable",
      );
      return jsonError(
        503,
        "Servicio no disponible",
        "Estamos teniendo un problema temporal. Inténtalo de nuevo en unos segundos.",
        { "Retry-After": "5" },
      );
    }
    log.error(
      { id, method: c.req.method, path: redactTarget(c.req.path), err: error },
      "request failed",
    );
    return jsonError(500, errorTitles.server, serverFaultMessage);
  });

  return app;
}

/**
 * A server's fetch: /api/ targets to the API, every other one to the site (pages, files). The
 * API is not mounted into the site's Hono with `route()`: there each of its handlers would be
 * wrapped for its own error handler and matched along with the site's middlewares, and no
 * answer would be ready without a promise (decision 065). The health probes go with the API.
 * Without Node's request (the dev server's Vite handler) the path of the web request stands in.
 */
export function apiBeside(api: Hono, site: Hono) {
  return (request: Request, bindings?: { incoming?: { url?: string } }) => {
    const target = bindings?.incoming?.url ?? getPath(request);
    if (request.method === "POST") {
      const path = pathOf(target);
      if (path === "/contact") return api.fetch(quoteFromPage(request), bindings);
      if (path === "/" && isFooterForm(request)) {
        return signUpFromPage(request).then((signUp) => api.fetch(signUp, bindings));
      }
      const link = linkCalls[path];
      if (link && isUrlEncoded(request)) return api.fetch(linkFromPage(request, link), bindings);
    }
    return isApiTarget(target) || isHealthTarget(target) || isSitePhotoTarget(target)
      ? api.fetch(request, bindings)
      : site.fetch(request, bindings);
  };
}

/**
 * The contact page's form posted by the browser itself, before the page's script ran: the API's
 * quote request, answered as a page (server/leads/page-answer.ts) at the address the visitor
 * stays on. Its body is handed on as the stream it is, never read here.
 */
function quoteFromPage(request: Request): Request {
  return new Request(new URL("/api/contacts", request.url), {
    method: "POST",
    headers: request.headers,
    body: request.body,
    duplex: "half",
  } as RequestInit);
}

/**
 * The API call behind the button of each newsletter link page (app/routes/newsletter-link.tsx),
 * by the page's path, with or without its trailing slash as the page itself takes it.
 */
const linkCalls: Record<string, string> = Object.assign(Object.create(null), {
  "/newsletter/confirmar": "/api/subscriptions/confirm",
  "/newsletter/confirmar/": "/api/subscriptions/confirm",
  "/newsletter/baja": oneClickUnsubscribePath,
  "/newsletter/baja/": oneClickUnsubscribePath,
});

const isUrlEncoded = (request: Request) =>
  /^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "");

/**
 * A link page's button posted by the browser itself, before or without the page's script: an
 * empty form posted to the page's own address, the link's token in its query. Sent on as the
 * JSON the page's script sends (`{ token }`) and answered as a page (decision
 * 162). Its body, empty, is not read.
 */
function linkFromPage(request: Request, apiPath: string): Request {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(new URL(apiPath, request.url), {
    method: "POST",
    headers,
    body: JSON.stringify({ token }),
  });
}

/**
 * The footer's newsletter form (the root route's action) posted by the browser itself: a few
 * URL-encoded fields, read here and sent as the JSON the page's script sends, so the API takes
 * JSON alone as before. Anything larger than such a form, or not URL-encoded, is no such post.
 */
const isFooterForm = (request: Request) => {
  const length = Number(request.headers.get("content-length"));
  return (
    /^application\/x-www-form-urlencoded\b/i.test(request.headers.get("content-type") ?? "") &&
    length > 0 &&
    length <= 4096
  );
};

async function signUpFromPage(request: Request): Promise<Request> {
  const form = new URLSearchParams(await request.text());
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(new URL("/api/subscriptions", request.url), {
    method: "POST",
    headers,
    body: JSON.stringify({ email: form.get("email") ?? "", page: form.get("page") ?? undefined }),
  });
}
