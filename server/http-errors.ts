import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The body of every message response of the API (ARCHITECTURE: title + message, in Spanish). */
export interface Message {
  title: string;
  message: string;
}

export type FieldErrors = Record<string, string[]>;

const jsonType = { "content-type": "application/json" };

/**
 * A JSON response built with the plain constructor: @hono/node-server writes those straight to
 * the socket, while `Response.json()` makes a full web Response whose body is read as a stream
 * (a third of the throughput of a small answer, bench/api).
 */
export function jsonResponse(
  body: unknown,
  status: number,
  headers?: Record<string, string>,
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: headers ? { ...jsonType, ...headers } : jsonType,
  });
}

/** The same for JSON already serialized (200 unless told). */
export function serializedJson(body: string, status = 200): Response {
  return new Response(body, { status, headers: jsonType });
}

/** Throws a JSON error response; the app's error handler sends it as it is. */
export function fail(
  status: ContentfulStatusCode,
  body: Message & { errors?: FieldErrors },
  headers?: Record<string, string>,
): never {
  throw new HTTPException(status, { res: jsonResponse(body, status, headers) });
}

export function failValidation(errors: FieldErrors, message?: string): never {
  const first = Object.values(errors)[0]?.[0];
  fail(422, {
    title: "Error de Validación",
    message: message ?? first ?? "Revisa los datos enviados.",
    errors,
  });
}
