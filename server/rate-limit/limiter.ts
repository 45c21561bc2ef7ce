/** A fixed-window counter per key. In memory by default, Redis when several instances share it. */
export interface RateLimiter {
  /** Counts one hit; `allowed` is false once `limit` hits fell in the current window. */
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /** Reads without counting. */
  peek(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  /**
   * Gives one hit back (never below zero): for counts taken before the outcome is known, when
   * the outcome turns out not to count (a sign-in that succeeded).
   */
  forgive(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends (the Retry-After value). */
  retryAfter: number;
}
