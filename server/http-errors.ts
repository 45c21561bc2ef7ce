import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The body of every message response of the API (ARCHITECTURE: title + message, in Spanish). */
export interface Message {
  title: string;
  message: string;
}

export type FieldErrors = Record<string, string[]>;

/** Throws a JSON error response; the app's error handler sends it as it is. */
export function fail(
  status: ContentfulStatusCode,
  body: Message & { errors?: FieldErrors },
  headers?: Record<string, string>,
): never {
  throw new HTTPException(status, { res: Response.json(body, { status, headers }) });
}

export function failValidation(errors: FieldErrors, message?: string): never {
  const first = Object.values(errors)[0]?.[0];
  fail(422, {
    title: "Error de Validación",
    message: message ?? first ?? "Revisa los datos enviados.",
    errors,
  });
}
