import type { RateLimiter, RateLimitResult } from "./limiter.ts";

/** Fixed windows kept in this process; enough for one instance. */
export function createMemoryLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  const current = (key: string, windowMs: number) => {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      windows.set(key, window);
    }
    return window;
  };
  const result = (w: { count: number; resetAt: number }, limit: number): RateLimitResult => ({
    allowed: w.count <= limit,
    retryAfter: Math.max(1, Math.ceil((w.resetAt - Date.now()) / 1000)),
  });

  // Expired windows are dropped once a minute so the map cannot grow without bound.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweep.unref();

  return {
    async hit(key, limit, windowMs) {
      const w = current(key, windowMs);
      w.count += 1;
      return result(w, limit);
    },
    async peek(key, limit, windowMs) {
      const w = current(key, windowMs);
      return { ...result(w, limit), allowed: w.count < limit };
    },
    async forgive(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}
