import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { fail } from "../http-errors.ts";
import type { RateLimiter, RateLimitResult } from "./limiter.ts";

/**
 * The client's address: the socket's peer when served by Node. In `app.request()` tests there
 * is no socket, so the X-Forwarded-For header stands in (never trusted when a socket exists).
 */
export function clientIp(c: Context): string {
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // no Node socket behind this request
  }
  return c.req.header("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
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
  limiter: RateLimiter,
  options: { name: string; limit: number; windowMs: number; key?: (c: Context) => string },
): MiddlewareHandler {
  return async (c, next) => {
    const key = `${options.name}:${options.key ? options.key(c) : clientIp(c)}`;
    const result = await limiter.hit(key, options.limit, options.windowMs);
    if (!result.allowed) tooManyRequests(result);
    await next();
  };
}
