import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RateLimiter } from "./limiter.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The behaviour every RateLimiter must show, shared by the memory and the Redis limiter.
 * `open` creates a limiter; calling it twice gives two instances on the same store (two
 * server processes), which share counts only when `shared` is true.
 */
export function describeLimiterBehaviour(
  name: string,
  open: () => Promise<RateLimiter>,
  { shared, skip = false }: { shared: boolean; skip?: boolean },
) {
  describe.skipIf(skip)(`${name} rate limiter`, () => {
    let limiter: RateLimiter;
    const opened: RateLimiter[] = [];
    const key = () => `test:${randomBytes(6).toString("hex")}`;
    const another = async () => {
      const instance = await open();
      opened.push(instance);
      return instance;
    };

    beforeAll(async () => {
      limiter = await another();
    });
    afterAll(async () => {
      for (const instance of opened) await instance.close();
    });

    it("allows `limit` hits in a window, then refuses with the seconds left", async () => {
      const k = key();
      for (let i = 1; i <= 3; i++) {
        expect((await limiter.hit(k, 3, 60_000)).allowed, `hit ${i}`).toBe(true);
      }
      const refused = await limiter.hit(k, 3, 60_000);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfter).toBeGreaterThanOrEqual(59);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
    });

    it("keeps the end of the window fixed while hits keep coming", async () => {
      const k = key();
      await limiter.hit(k, 1, 3_000);
      await sleep(1_100);
      const later = await limiter.hit(k, 1, 3_000);
      expect(later.allowed).toBe(false);
      expect(later.retryAfter).toBeLessThanOrEqual(2);
    });

    it("opens a new window once the old one has passed", async () => {
      const k = key();
      await limiter.hit(k, 1, 300);
      expect((await limiter.hit(k, 1, 300)).allowed).toBe(false);
      await sleep(450);
      expect((await limiter.hit(k, 1, 300)).allowed).toBe(true);
    });

    it("peeks without counting", async () => {
      const k = key();
      expect((await limiter.peek(k, 2, 60_000)).allowed).toBe(true);
      await limiter.hit(k, 2, 60_000);
      expect((await limiter.peek(k, 2, 60_000)).allowed).toBe(true);
      expect((await limiter.peek(k, 2, 60_000)).allowed).toBe(true);
      await limiter.hit(k, 2, 60_000);
      const full = await limiter.peek(k, 2, 60_000);
      expect(full.allowed).toBe(false);
      expect(full.retryAfter).toBeGreaterThan(0);
    });

    it("gives one hit back on forgive, never below zero, keeping the window's end", async () => {
      const k = key();
      await limiter.hit(k, 2, 60_000);
      await limiter.hit(k, 2, 60_000);
      await limiter.forgive(k);
      const again = await limiter.hit(k, 2, 60_000);
      expect(again.allowed).toBe(true);
      expect(again.retryAfter).toBeGreaterThanOrEqual(59);
      expect((await limiter.hit(k, 2, 60_000)).allowed).toBe(false);
      const fresh = key();
      await limiter.forgive(fresh);
      await limiter.forgive(fresh);
      await limiter.hit(fresh, 1, 60_000);
      expect((await limiter.hit(fresh, 1, 60_000)).allowed).toBe(false);
    });

    it("forgets a key on reset", async () => {
      const k = key();
      await limiter.hit(k, 1, 60_000);
      expect((await limiter.hit(k, 1, 60_000)).allowed).toBe(false);
      await limiter.reset(k);
      expect((await limiter.hit(k, 1, 60_000)).allowed).toBe(true);
    });

    it("counts each key on its own", async () => {
      const [a, b] = [key(), key()];
      await limiter.hit(a, 1, 60_000);
      expect((await limiter.hit(b, 1, 60_000)).allowed).toBe(true);
    });

    it(
      shared
        ? "shares counts between two instances on the same store"
        : "keeps counts per instance",
      async () => {
        const other = await another();
        const k = key();
        await limiter.hit(k, 2, 60_000);
        await other.hit(k, 2, 60_000);
        expect((await limiter.hit(k, 2, 60_000)).allowed).toBe(!shared);
        expect((await other.peek(k, 2, 60_000)).allowed).toBe(!shared);
      },
    );

    it("counts concurrent hits exactly", async () => {
      const k = key();
      const results = await Promise.all(
        Array.from({ length: 20 }, () => limiter.hit(k, 5, 60_000)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(5);
    });
  });
}
