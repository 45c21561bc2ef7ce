// The one way the browser calls the JSON API (SPEC §7): bearer token when signed in, and the
// error catalogue of SPEC §8 shown as a dialog before the error is rethrown to the caller.
import { errorTitles, serverFaultMessage } from "../../content/errors";
import { showError } from "./dialog";
import { getSession, setSession, storeToken } from "./session";

export class ApiError extends Error {
  /** HTTP status, or null when no response arrived (network down, server unreachable). */
  status: number | null;
  body: unknown;

  constructor(status: number | null, body: unknown, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }
}

interface ErrorBody {
  title?: unknown;
  message?: unknown;
  errors?: unknown;
  /** Each refused field's Spanish title (the server is the one source of labels). */
  field_titles?: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined;

/** Title, message and per-field lines of the SPEC §8 dialog for a failed call. */
export function describeError(
  status: number | null,
  body: unknown,
): { title: string; message: string; details: string[] } {
  const b = (body && typeof body === "object" ? body : {}) as ErrorBody;
  if (status === null) {
    return {
      title: errorTitles.connection,
      message: "No se pudo conectar al servidor. Intenta nuevamente.",
      details: [],
    };
  }
  if (status === 422) {
    const errors = (b.errors && typeof b.errors === "object" ? b.errors : {}) as Record<
      string,
      unknown
    >;
    const titles = (
      b.field_titles && typeof b.field_titles === "object" ? b.field_titles : {}
    ) as Record<string, unknown>;
    const details = Object.entries(errors).map(([field, messages]) => {
      const list = Array.isArray(messages) ? messages.map(String) : [String(messages)];
      // SPEC §8: joined by commas; a sentence's full stop before a comma would read ".,".
      return `${text(titles[field]) ?? field}: ${list.join(", ").replace(/\.,/g, ",")}`;
    });
    return {
      title: text(b.title) ?? errorTitles.validation,
      message: text(b.message) ?? "",
      details,
    };
  }
  if (status === 401 || status === 400) {
    return {
      title: text(b.title) ?? errorTitles.authentication,
      message: text(b.message) ?? "No tienes autorización para realizar esta acción.",
      details: [],
    };
  }
  if (status === 429) {
    // Throttling is not a server fault: say how long to wait (decision 052).
    return {
      title: text(b.title) ?? errorTitles.tooManyRequests,
      message:
        text(b.message) ??
        "Has hecho demasiados intentos. Espera un momento y vuelve a intentarlo.",
      details: [],
    };
  }
  return {
    title: errorTitles.server,
    message: serverFaultMessage,
    details: [],
  };
}

/**
 * How a call goes out: `fetch`, or a stand-in that keeps its contract (a `Response` for every
 * answer, a rejection when none came). The quote form's photos go through XMLHttpRequest to show
 * their upload's progress (app/lib/upload-progress.ts, decision 181); the answer is read here
 * either way, so both say the same things about it.
 */
export type Send = (url: string, init: RequestInit) => Promise<Response>;

export async function api<T = unknown>(
  method: "GET" | "POST",
  path: string,
  /** JSON, or a FormData sent as multipart/form-data. */
  body?: unknown,
  options: { silent?: boolean; send?: Send } = {},
): Promise<T> {
  const { token } = getSession();
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  // A form with files (the quote request's photos) goes as multipart: the browser writes its type.
  const json = body !== undefined && !(typeof FormData !== "undefined" && body instanceof FormData);
  if (json) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await (options.send ?? fetch)(`/api/${path.replace(/^\/+/, "")}`, {
      method,
      headers,
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
  } catch (cause) {
    return fail(null, undefined, options, cause);
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // A rejected token is dead for every later call too: forget it so the guards see a
    // signed-out visitor instead of a user whose every request fails.
    if (response.status === 401 && token && getSession().token === token) {
      storeToken(null);
      setSession({ token: null, user: null, ready: true });
    }
    return fail(response.status, payload, options);
  }
  return payload as T;
}

function fail(
  status: number | null,
  body: unknown,
  options: { silent?: boolean },
  cause?: unknown,
): never {
  const described = describeError(status, body);
  if (!options.silent) void showError(described.title, described.message, described.details);
  const error = new ApiError(status, body, described.message || described.title);
  if (cause) error.cause = cause;
  throw error;
}
