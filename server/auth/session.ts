import type { Context, Handler, MiddlewareHandler } from "hono";
import { errorTitles } from "../../content/errors.ts";
import type { Database } from "../db/client.ts";
import type { SessionCache } from "../fast-path/session-cache.ts";
import { fail } from "../http-errors.ts";
import { hashToken } from "./tokens.ts";
import { loadSession, type UserView } from "./user-view.ts";

export type AuthEnv = { Variables: { user: UserView; tokenHash: string } };

function bearerToken(c: Context): string | undefined {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/i.exec(header.trim());
  return match?.[1];
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
function authenticate(
  c: Context,
  { db, sessions }: { db: Database; sessions: SessionCache },
): Session | Promise<Session> {
  const token = bearerToken(c);
  if (!token) unauthenticated();
  const tokenHash = hashToken(token);
  const user = sessions.get(tokenHash);
  if (user) return { user, tokenHash };
  return lookUp(db, sessions, tokenHash).then((found) =>
    found ? { user: found, tokenHash } : unauthenticated(),
  );
}

/**
 * Who is behind the request's bearer token, if anyone: for a call open to everybody that says
 * more to the one it concerns (the verification link). No token, or one that names nobody,
 * is a signed-out visitor, never a 401.
 */
export async function signedInUser(
  c: Context,
  { db, sessions }: { db: Database; sessions: SessionCache },
): Promise<UserView | undefined> {
  const token = bearerToken(c);
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  return sessions.get(tokenHash) ?? (await lookUp(db, sessions, tokenHash));
}

/** Middleware: resolves the bearer token to its user, or answers 401. Sets `user` and `tokenHash`. */
export function requireUser(deps: {
  db: Database;
  sessions: SessionCache;
}): MiddlewareHandler<AuthEnv> {
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
  deps: { db: Database; sessions: SessionCache },
  handler: (c: Context, user: UserView) => Response,
): Handler {
  return (c) => {
    const session = authenticate(c, deps);
    return session instanceof Promise
      ? session.then(({ user }) => handler(c, user))
      : handler(c, session.user);
  };
}

async function lookUp(
  db: Database,
  sessions: SessionCache,
  tokenHash: string,
): Promise<UserView | undefined> {
  const startedAt = sessions.generation;
  const session = await loadSession(db, tokenHash);
  if (session) sessions.remember(tokenHash, session.user, session.expiresAt, startedAt);
  return session?.user;
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

/** Staff rules for one section or tool: a verified e-mail (403), then the permission keyed `key` (403). */
export function requireStaff(user: UserView, key: string): void {
  requireVerified(user);
  if (!hasPermission(user, key)) forbidden();
}

export function forbidden(): never {
  fail(403, {
    title: "Acceso denegado",
    message: "No tienes permiso para realizar esta acción.",
  });
}
