import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { Env } from "../env.ts";
import { fail } from "../http-errors.ts";
import type { Services } from "../services.ts";
import type { RateLimitResult } from "./limiter.ts";

/**
 * The client's address: X-Forwarded-For's first hop when TRUST_PROXY is set, otherwise the
 * socket's peer. In `app.request()` tests there is no socket, so the header stands in (never
 * trusted when a socket exists and the proxy is not).
 */
export function clientIp(c: Context, env: Pick<Env, "TRUST_PROXY">): string {
  const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
  if (forwarded && env.TRUST_PROXY) return forwarded;
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // no Node socket behind this request
  }
  return forwarded || "unknown";
}

export function tooManyRequests(result: RateLimitResult): never {
  fail(
    429,
    {
      title: "Demasiados intentos",
      message: `Has hecho demasiadas peticiones. Inténtalo de nuevo en ${result.retryAfter} segundos.`,
    },
    { "Retry-After": String(result.retryAfter) },
  );
}

/** Counts every request to the route per key (default: client IP); 429 + Retry-After past `limit`. */
export function throttle(
  { limiter, env }: Pick<Services, "limiter" | "env">,
  options: { name: string; limit: number; windowMs: number; key?: (c: Context) => string },
): MiddlewareHandler {
  return async (c, next) => {
    const key = `${options.name}:${options.key ? options.key(c) : clientIp(c, env)}`;
    const result = await limiter.hit(key, options.limit, options.windowMs);
    if (!result.allowed) tooManyRequests(result);
    await next();
  };
}
