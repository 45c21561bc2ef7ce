import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { errorTitles } from "../content/errors.ts";

/** The body of every message response of the API (ARCHITECTURE: title + message, in Spanish). */
export interface Message {
  title: string;
  message: string;
}

export type FieldErrors = Record<string, string[]>;

/**
 * An empty map of field to messages, without a prototype: callers name the fields (query
 * parameters, form fields, JSON keys), and one called "constructor" or "__proto__" is a field
 * like any other, not one of Object's own (a list filtered by `?constructor=` answered 500).
 */
export const noFieldErrors = (): FieldErrors => Object.create(null);

/** Adds messages to a field's, in a map made by `noFieldErrors`. */
export function addFieldErrors(errors: FieldErrors, field: string, messages: string[]): void {
  errors[field] = [...(errors[field] ?? []), ...messages];
}

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
  body: Message & {
    errors?: FieldErrors;
    field_titles?: Record<string, string>;
    /**
     * What the browser must do before trying again (decision 220): enrol a second factor, or
     * sign in again from the password (a sign-in's code step that expired or was used).
     */
    next_step?: "enrol_second_factor" | "sign_in_again";
  },
  headers?: Record<string, string>,
): never {
  throw new HTTPException(status, { res: jsonResponse(body, status, headers) });
}

/**
 * Field name → its Spanish title, as the forms label it. Filled by the modules that define fields
 * (server/fields.ts's resources, the account fields, the quote request's details), so a 422 names
 * each field it refuses (`field_titles`) and the browser's dialog (SPEC §8: "each field with its
 * messages") needs no copy of the labels (issue 11 item 2). The first title given to a name
 * stands: a name means the same thing wherever a visitor meets it.
 */
const fieldTitles = new Map<string, string>();

export function nameFields(titles: Record<string, string>): void {
  for (const [field, title] of Object.entries(titles)) {
    if (!fieldTitles.has(field)) fieldTitles.set(field, title);
  }
}

/** `ownTitles` name fields whose title depends on where they are (a list's query parameters). */
export function failValidation(
  errors: FieldErrors,
  message?: string,
  ownTitles: Record<string, string> = {},
): never {
  const first = Object.values(errors)[0]?.[0];
  const titles: Record<string, string> = {};
  for (const field of Object.keys(errors)) {
    const title = Object.hasOwn(ownTitles, field) ? ownTitles[field] : fieldTitles.get(field);
    if (title) titles[field] = title;
  }
  fail(422, {
    title: errorTitles.validation,
    message: message ?? first ?? "Revisa los datos enviados.",
    errors,
    field_titles: titles,
  });
}
