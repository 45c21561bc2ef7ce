import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { type FieldErrors, failValidation } from "./http-errors.ts";

/** Turns zod issues into SPEC §5's map of field to a list of Spanish messages. */
export function fieldErrors(error: {
  issues: readonly { path: PropertyKey[]; message: string }[];
}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "body";
    errors[field] ??= [];
    errors[field].push(issue.message);
  }
  return errors;
}

/** Validation middleware: a bad body answers 422 with the field map, never reaches the handler. */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets = "json">(
  schema: T,
  target: Target = "json" as Target,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) failValidation(fieldErrors(result.error));
  });
}
