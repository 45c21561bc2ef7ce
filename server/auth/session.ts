import type { Context, MiddlewareHandler } from "hono";
import type { Database } from "../db/client.ts";
import { fail } from "../http-errors.ts";
import type { SessionCache } from "./session-cache.ts";
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
    title: "Error de Autenticación",
    message: "Tu sesión no es válida o ha caducado. Inicia sesión de nuevo.",
  });
}

/** Resolves the bearer token to its user, or answers 401. Sets `user` and `tokenHash`. */
export function requireUser({
  db,
  sessions,
}: {
  db: Database;
  sessions: SessionCache;
}): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const token = bearerToken(c);
    if (!token) unauthenticated();
    const tokenHash = hashToken(token);
    const user = sessions.get(tokenHash) ?? (await lookUp(db, sessions, tokenHash));
    if (!user) unauthenticated();
    c.set("user", user);
    c.set("tokenHash", tokenHash);
    await next();
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

export function forbidden(): never {
  fail(403, {
    title: "Acceso denegado",
    message: "No tienes permiso para realizar esta acción.",
  });
}
