import type { Context, Handler, MiddlewareHandler } from "hono";
import { errorTitles } from "../../content/errors.ts";
import type { Database } from "../db/client.ts";
import type { SessionCache } from "../fast-path/session-cache.ts";
import { fail } from "../http-errors.ts";
import { touchAccessToken } from "./access-tokens.ts";
import { hashToken } from "./tokens.ts";
import type { TwoFactorPolicy } from "./two-factor.ts";
import { loadSession, type UserView } from "./user-view.ts";

/** What finding the user behind a token needs: the database, the cache, the settings. */
export interface SessionDeps {
  db: Database;
  sessions: SessionCache;
  env: TwoFactorPolicy;
}

export type AuthEnv = { Variables: { user: UserView; tokenHash: string } };

/**
 * The request's Authorization header. Served over a socket, read from Node's own list of the
 * request's headers: asking the web request for it builds a header reader for a GET that needs
 * nothing else, and that and its checks were about 6k instructions of a signed-in
 * `GET /api/user` (issue 33 item 16; Node's parser has already refused a value with a line
 * break or a NUL). Sent twice, it names nobody, as the two joined do not.
 */
function authorization(c: Context): string {
  const raw = (c.env as { incoming?: { rawHeaders?: unknown } } | undefined)?.incoming?.rawHeaders;
  if (!Array.isArray(raw)) return c.req.header("authorization") ?? "";
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    // Its two usual spellings compared as they are; any other case lowercased (decision 285).
    if (
      name.length === 13 &&
      (name === "Authorization" ||
        name === "authorization" ||
        name.toLowerCase() === "authorization")
    ) {
      if (value !== undefined) return "";
      value = raw[i + 1] as string;
    }
  }
  return value ?? "";
}

/** A token as issued: base64url, 20 to 200 characters. */
const tokenShape = /^[A-Za-z0-9_-]{20,200}$/;
const scheme = "bearer";
/** JavaScript's `\s`: what may separate the scheme from the token. */
const isSpace = (code: number) =>
  code === 32 ||
  (code >= 9 && code <= 13) ||
  code === 160 ||
  (code > 255 && /\s/.test(String.fromCharCode(code)));

/**
 * The token of `Authorization: Bearer <token>`, the scheme in any case: what
 * `/^Bearer\s+([A-Za-z0-9_-]{20,200})$/i` matched, read character by character, without
 * the case-folding pattern, its capture and its match (1.5k instructions a signed-in request;
 * decision 285). session.test.ts holds both to the same answers.
 */
export function bearerToken(header: string): string | undefined {
  const value = header.trim();
  for (let i = 0; i < scheme.length; i++) {
    // `| 32` lowercases an ASCII letter and makes no other character one.
    if ((value.charCodeAt(i) | 32) !== scheme.charCodeAt(i)) return undefined;
  }
  let start = scheme.length;
  while (isSpace(value.charCodeAt(start))) start++;
  if (start === scheme.length) return undefined;
  const token = value.slice(start);
  return tokenShape.test(token) ? token : undefined;
}

export function unauthenticated(): never {
  fail(401, {
    title: errorTitles.authentication,
    message: "Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.",
  });
}

interface Session {
  user: UserView;
  tokenHash: string;
}

/**
 * Who is behind the request's bearer token: at once when this instance remembers the session,
 * after one database round trip otherwise. Answers 401 when nobody is.
 */
function authenticate(c: Context, deps: SessionDeps): Session | Promise<Session> {
  const token = bearerToken(authorization(c));
  if (!token) unauthenticated();
  const tokenHash = hashToken(token);
  const user = deps.sessions.get(tokenHash);
  if (user) return { user, tokenHash };
  return lookUp(deps, tokenHash).then((found) =>
    found ? { user: found, tokenHash } : unauthenticated(),
  );
}

/**
 * Who is behind the request's bearer token, if anyone: for a call open to everybody that says
 * more to the one it concerns (the verification link). No token, or one that names nobody,
 * is a signed-out visitor, never a 401.
 */
export async function signedInUser(c: Context, deps: SessionDeps): Promise<UserView | undefined> {
  const token = bearerToken(authorization(c));
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  return deps.sessions.get(tokenHash) ?? (await lookUp(deps, tokenHash));
}

/** Middleware: resolves the bearer token to its user, or answers 401. Sets `user` and `tokenHash`. */
export function requireUser(deps: SessionDeps): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const { user, tokenHash } = await authenticate(c, deps);
    c.set("user", user);
    c.set("tokenHash", tokenHash);
    await next();
  };
}

/**
 * A route's only handler, for signed-in users (401 otherwise). Being one handler rather than
 * `requireUser` and a handler, its answer is ready without a promise when the session is
 * remembered, and @hono/node-server then writes it at once (decision 065).
 */
export function withUser(
  deps: SessionDeps,
  handler: (c: Context, user: UserView) => Response,
): Handler {
  return (c) => {
    const session = authenticate(c, deps);
    return session instanceof Promise
      ? session.then(({ user }) => handler(c, user))
      : handler(c, session.user);
  };
}

/** How stale «last used» may get: the session list needs minutes, not every request. */
const lastUseGrainMs = 5 * 60_000;

async function lookUp(
  { db, sessions, env }: SessionDeps,
  tokenHash: string,
): Promise<UserView | undefined> {
  const startedAt = sessions.generation;
  const session = await loadSession(db, tokenHash, env);
  if (!session) return undefined;
  sessions.remember(tokenHash, session.user, session.expiresAt, startedAt);
  // Only when the session is not remembered, and at most every few minutes (decision 221):
  // the remembered path never waits for the database.
  if (!session.lastUsedAt || Date.now() - session.lastUsedAt.getTime() > lastUseGrainMs) {
    await touchAccessToken(db, tokenHash);
  }
  return session.user;
}

/** SPEC §6: allowed only when the user's first role has the permission keyed `key`; else 403. */
export function hasPermission(user: UserView, key: string): boolean {
  return user.roles[0]?.permissions.some((p) => p.key === key) ?? false;
}

/**
 * SPEC §2 "verify": a signed-in user whose e-mail is not verified may not enter (the browser
 * sends them to /dashboard). 403, like any rule a signed-in user does not meet.
 */
export function requireVerified(user: UserView): void {
  if (user.email_verified_at) return;
  fail(403, {
    title: "Correo sin verificar",
    message: "Verifica tu correo electrónico para entrar en la administración.",
  });
}

/**
 * Decision 220: once the second factor is required, a super admin or admin without one enters
 * no admin screen or call (403) until they enrol; their session opens only the enrolment.
 */
export function requireSecondFactorWhenDue(user: UserView): void {
  if (!user.two_factor?.required) return;
  fail(403, {
    title: "Falta la verificación en dos pasos",
    message:
      "Para entrar en la administración necesitas activar la verificación en dos pasos. Actívala en «Seguridad de la cuenta».",
    next_step: "enrol_second_factor",
  });
}

/** The admin's entry rules: a verified e-mail (403), then a second factor once required (403). */
export function requireAdminEntry(user: UserView): void {
  requireVerified(user);
  requireSecondFactorWhenDue(user);
}

/** Staff rules for one section or tool: the admin's entry rules, then the permission keyed `key` (403). */
export function requireStaff(user: UserView, key: string): void {
  requireAdminEntry(user);
  if (!hasPermission(user, key)) forbidden();
}

export function forbidden(): never {
  fail(403, {
    title: "Acceso denegado",
    message: "No tienes permiso para realizar esta acción.",
  });
}
