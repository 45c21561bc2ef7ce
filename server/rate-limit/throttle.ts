import type { Context, MiddlewareHandler } from "hono";
import { errorTitles } from "../../content/errors.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail } from "../http-errors.ts";
import { clientKey } from "./client-address.ts";
import type { RateLimitResult } from "./limiter.ts";

export function tooManyRequests(result: RateLimitResult, message?: string): never {
  fail(
    429,
    {
      title: errorTitles.tooManyRequests,
      message:
        message ??
        `Has hecho demasiadas peticiones. Inténtalo de nuevo en ${result.retryAfter} segundos.`,
    },
    { "Retry-After": String(result.retryAfter) },
  );
}

/**
 * Counts every request to the route per key (default: the client, an IPv6 one by its /64:
 * decision 204); 429 + Retry-After past `limit`.
 */
export function throttle(
  { limiter, env }: Pick<Dependencies, "limiter" | "env">,
  options: { name: string; limit: number; windowMs: number; key?: (c: Context) => string },
): MiddlewareHandler {
  return async (c, next) => {
    const key = `${options.name}:${options.key ? options.key(c) : clientKey(c, env)}`;
    const result = await limiter.hit(key, options.limit, options.windowMs);
    if (!result.allowed) tooManyRequests(result);
    await next();
  };
}
