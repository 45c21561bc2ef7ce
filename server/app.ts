import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { createApi } from "./api/index.ts";
import { isDatabaseUnavailable } from "./db/errors.ts";
import { jsonResponse } from "./http-errors.ts";
import type { Services } from "./services.ts";

const jsonError = (
  status: 400 | 404 | 413 | 415 | 500 | 503,
  title: string,
  message: string,
  headers?: Record<string, string>,
) => jsonResponse({ title, message }, status, headers);

const carriesBody = (method: string) => method === "POST" || method === "PUT" || method === "PATCH";

/**
 * The JSON API under /api with its HTTP concerns (headers, body limit, errors).
 * The production and dev servers mount it in front of the React Router handler.
 */
export function createApp(services: Services) {
  const app = new Hono();

  if (services.env.TRUST_PROXY) {
    app.use("/api/*", async (c, next) => {
      c.set("trustProxy" as never, true as never);
      await next();
    });
  }
  // No CORS headers are ever sent: browsers keep other origins out of the API. The security
  // headers and Cache-Control: no-store are written by Node (server/response-headers.ts).

  // Only requests that may carry a body are measured: asking a GET for its body makes
  // @hono/node-server build a full web Request, the most expensive step of a small answer.
  const limitBody = bodyLimit({
    maxSize: 64 * 1024,
    onError: () =>
      jsonError(
        413,
        "Petición demasiado grande",
        "Los datos enviados superan el tamaño permitido.",
      ),
  });
  app.use("/api/*", (c, next) => (carriesBody(c.req.method) ? limitBody(c, next) : next()));
  app.use("/api/*", async (c, next) => {
    const type = c.req.header("content-type") ?? "";
    if (carriesBody(c.req.method) && !/^application\/(.+\+)?json\b/i.test(type)) {
      return jsonError(415, "Formato no admitido", "Envía los datos en formato JSON.");
    }
    await next();
  });

  app.route("/api", createApi(services));
  app.all("/api/*", () =>
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
    if (isDatabaseUnavailable(error)) {
      console.error(`[api] database unavailable: ${c.req.method} ${c.req.path}`);
      return jsonError(
        503,
        "Servicio no disponible",
        "Estamos teniendo un problema temporal. Inténtalo de nuevo en unos segundos.",
        { "Retry-After": "5" },
      );
    }
    console.error(`[api] ${c.req.method} ${c.req.path}`, error);
    return jsonError(
      500,
      "Error de Servidor",
      "Hubo un problema con el servidor. Intenta más tarde.",
    );
  });

  return app;
}
