import type { RateLimiter } from "./limiter.ts";
import { createMemoryLimiter } from "./memory.ts";
import { createRedisLimiter } from "./redis.ts";

/** In memory by default; Redis when REDIS_URL is set, so several instances share the counters. */
export async function createRateLimiter(env: { REDIS_URL?: string }): Promise<RateLimiter> {
  if (env.REDIS_URL) return createRedisLimiter({ url: env.REDIS_URL });
  return createMemoryLimiter();
}
