// Helpers shared by the account screens' client actions.
import { ApiError } from "./api";

/** The 422 field map of an API failure (SPEC §5), to mark fields next to the dialog. */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const errors = (error.body as { errors?: unknown } | undefined)?.errors;
  if (!errors || typeof errors !== "object") return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>).map(([field, messages]) => [
      field,
      Array.isArray(messages) ? messages.map(String) : [String(messages)],
    ]),
  );
}

export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export interface AuthAnswer {
  title?: string;
  message?: string;
  token: string;
  user: import("./session").User;
}
