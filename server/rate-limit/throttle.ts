import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import { errorTitles } from "../../content/errors.ts";
import type { Dependencies } from "../dependencies.ts";
import type { Env } from "../env.ts";
import { fail } from "../http-errors.ts";
import type { RateLimitResult } from "./limiter.ts";

/**
 * The client's address. With TRUST_PROXY=N the N proxies in front of the site each appended the
 * address they saw to X-Forwarded-For, so the client is the entry N from the right; everything
 * further left was written by the client and is ignored (decision 070). With fewer entries than
 * N the leftmost stands in (a request that skipped the outer proxy). Without a trusted proxy the
 * socket's peer is the client. An entry that is not an IP address (`net.isIP`) is not believed:
 * the socket's peer stands in, so a visitor's text is never a throttle key nor a proof of
 * consent. `app.request()` tests have no socket: their header stands in.
 */
export function clientIp(c: Context, env: Pick<Env, "TRUST_PROXY">): string {
  const forwarded = c.req
    .header("x-forwarded-for")
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hopsBack = (hops: number) => {
    const entry = forwarded?.length ? forwarded[Math.max(0, forwarded.length - hops)] : undefined;
    return entry && isIP(entry) ? entry : undefined;
  };
  if (env.TRUST_PROXY > 0) {
    const appended = hopsBack(env.TRUST_PROXY);
    if (appended) return appended;
  }
  try {
    const address = getConnInfo(c).remote.address;
    if (address) return address;
  } catch {
    // no Node socket behind this request
  }
  return hopsBack(1) ?? "unknown";
}

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

/** Counts every request to the route per key (default: client IP); 429 + Retry-After past `limit`. */
export function throttle(
  { limiter, env }: Pick<Dependencies, "limiter" | "env">,
  options: { name: string; limit: number; windowMs: number; key?: (c: Context) => string },
): MiddlewareHandler {
  return async (c, next) => {
    const key = `${options.name}:${options.key ? options.key(c) : clientIp(c, env)}`;
    const result = await limiter.hit(key, options.limit, options.windowMs);
    if (!result.allowed) tooManyRequests(result);
    await next();
  };
}
