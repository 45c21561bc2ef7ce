import { Redis } from "ioredis";
import { log } from "../log.ts";
import type { RateLimiter, RateLimitResult } from "./limiter.ts";

/**
 * One fixed window per key: the first hit creates the counter with the window as its expiry,
 * later hits only count. Done in one script so two instances can never both "create" a
 * window and push its end further away.
 */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** One hit back, only on a live window and never below zero; the expiry stays as it was. */
const FORGIVE = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then
  redis.call('DECR', KEYS[1])
end
`;

export interface RedisLimiterOptions {
  url: string;
  /** Every key starts with it; tests pass a narrower one so parallel runs never meet. */
  prefix?: string;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Connects, and asks for the URL's database: ioredis connects even when that SELECT fails
 * (a number past the server's `databases`), and would then count in database 0. The message
 * names the server by host and port only (REDIS_URL may carry a password).
 */
async function checkConnection(redis: Redis, url: string): Promise<void> {
  const { host, pathname } = new URL(url);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis at ${host} does not answer (REDIS_URL): ${(error as Error).message || error}`,
    );
  }
  const database = Number(pathname.slice(1) || 0);
  try {
    if (database) await redis.select(database);
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    throw new Error(
      `Redis at ${host} refused database ${database} (REDIS_URL): ${(error as Error).message || error}`,
    );
  }
}

/** Counters shared by every instance that points at the same Redis (REDIS_URL). */
export async function createRedisLimiter(options: RedisLimiterOptions): Promise<RateLimiter> {
  const prefix = options.prefix ?? "obra:rl:";
  const redis = new Redis(options.url, {
    lazyConnect: true,
    // A request must not hang on a Redis that went away: one retry, then the error surfaces.
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  redis.on("error", (error) => log.error({ err: error }, "rate-limit: redis error"));
  // A wrong REDIS_URL stops the boot with a clear message instead of failing every request.
  await checkConnection(redis, options.url);

  /**
   * Rate limiting protects against abuse; an outage of its store must not also take the
   * contact form and login down, so a failing Redis lets the request through (logged).
   */
  const failOpen = (error: unknown, windowMs: number): RateLimitResult => {
    log.warn({ err: error }, "rate-limit: redis unavailable, request allowed");
    return { allowed: true, retryAfter: seconds(windowMs) };
  };

  return {
    async hit(key, limit, windowMs) {
      try {
        const [count, ttl] = (await redis.eval(HIT, 1, prefix + key, windowMs)) as [number, number];
        return { allowed: count <= limit, retryAfter: seconds(ttl) };
      } catch (error) {
        return failOpen(error, windowMs);
      }
    },
    async peek(key, limit, windowMs) {
      try {
        const [[, count], [, ttl]] = (await redis
          .multi()
          .get(prefix + key)
          .pttl(prefix + key)
          .exec()) as [[unknown, string | null], [unknown, number]];
        return {
          allowed: Number(count ?? 0) < limit,
          retryAfter: seconds(ttl > 0 ? ttl : windowMs),
        };
      } catch (error) {
        return failOpen(error, windowMs);
      }
    },
    async forgive(key) {
      try {
        await redis.eval(FORGIVE, 1, prefix + key);
      } catch (error) {
        failOpen(error, 0);
      }
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
