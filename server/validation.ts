import { zValidator } from "@hono/zod-validator";
import type { Context, ValidationTargets } from "hono";
import type { z } from "zod";
import {
  addFieldErrors,
  type FieldErrors,
  fail,
  failValidation,
  noFieldErrors,
} from "./http-errors.ts";

/** A request's JSON body; one that is not valid JSON answers 400 with a Spanish message. */
export async function jsonBodyOf(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return fail(400, {
      title: "Datos no válidos",
      message: "El cuerpo de la petición no es un JSON válido.",
    });
  }
}

/**
 * Every form the API takes is one JSON object of fields. A body that is valid JSON but no object
 * (an array, null, a number, a text) has no field to name: it is refused with this one Spanish
 * sentence and an empty field map, so no form's label (a campaign's «Contenido (Markdown)» is
 * field "body") is put on it, and zod's English never reaches a visitor.
 */
export const notAnObjectMessage = "Envía los datos como un objeto JSON.";

export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** `value` when it is a JSON object; a 422 with `notAnObjectMessage` otherwise. */
export function jsonObject(value: unknown): Record<string, unknown> {
  if (!isJsonObject(value)) failValidation(noFieldErrors(), notAnObjectMessage);
  return value;
}

/** Turns zod issues into SPEC §5's map of field to a list of Spanish messages. */
export function fieldErrors(error: {
  issues: readonly { path: PropertyKey[]; message: string }[];
}): FieldErrors {
  const errors = noFieldErrors();
  for (const issue of error.issues) {
    addFieldErrors(errors, issue.path.length ? issue.path.map(String).join(".") : "body", [
      issue.message,
    ]);
  }
  return errors;
}

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. Nobody types
 * them; PostgreSQL refuses NUL in text outright (a lost lead answered 500), and the others
 * would hide in staff's screens and mails. Tabs and line breaks are text in a field of
 * several lines; one-line fields fold them into spaces (server/admin/fields.ts).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasControlCharacter = (text: string) => controlCharacter.test(text);

export const controlCharacterMessage = (title?: string) =>
  `${title ? `El campo «${title}» contiene` : "Contiene"} caracteres de control, que no se admiten.`;

/** No form nests this deep; what lies deeper fails its schema anyway. */
const maxDepth = 16;

/**
 * Every string in a submitted value that holds a control character, keyed by its path as zod
 * keys its issues. Every form is checked with this, whatever its own schema says, so no text
 * field, present or future, can carry one to the database.
 */
export function controlCharacterErrors(value: unknown): FieldErrors {
  const errors = noFieldErrors();
  const pending: [unknown, string[]][] = [[value, []]];
  while (pending.length) {
    const [item, path] = pending.pop() as [unknown, string[]];
    if (typeof item === "string") {
      if (hasControlCharacter(item)) {
        errors[path.length ? path.join(".") : "body"] = [controlCharacterMessage()];
      }
    } else if (item !== null && typeof item === "object" && path.length < maxDepth) {
      for (const [key, child] of Object.entries(item)) pending.push([child, [...path, key]]);
    }
  }
  return errors;
}

/** `errors` plus a control-character error on each field that has no message yet. */
export function withControlCharacterErrors(errors: FieldErrors, submitted: unknown): FieldErrors {
  const merged = Object.assign(noFieldErrors(), errors);
  for (const [field, messages] of Object.entries(controlCharacterErrors(submitted))) {
    merged[field] ??= messages;
  }
  return merged;
}

/**
 * Validation middleware: a bad body answers 422 with the field map, never reaches the handler.
 * Control characters are looked for in what the schema made of the body (what would be
 * stored), or in the body as sent when it failed, so one answer lists every field to fix.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets = "json">(
  schema: T,
  target: Target = "json" as Target,
) {
  return zValidator(target, schema, (result) => {
    // On failure `data` is the value as sent.
    if (target === "json" && !result.success) jsonObject(result.data);
    const errors = withControlCharacterErrors(
      result.success ? {} : fieldErrors(result.error),
      result.data,
    );
    if (Object.keys(errors).length) failValidation(errors);
  });
}

/**
 * `validate`'s check on a value read by other means (a multipart form's fields), with errors
 * found elsewhere (refused files) added: one 422 lists every fix.
 */
export function validated<T extends z.ZodType>(
  schema: T,
  value: unknown,
  more: FieldErrors = {},
): z.output<T> {
  jsonObject(value);
  const result = schema.safeParse(value);
  const errors = withControlCharacterErrors(
    result.success ? {} : fieldErrors(result.error),
    result.success ? result.data : value,
  );
  for (const [field, messages] of Object.entries(more)) addFieldErrors(errors, field, messages);
  if (!result.success || Object.keys(errors).length) failValidation(errors);
  return result.data;
}
