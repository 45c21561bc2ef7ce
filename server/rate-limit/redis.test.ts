import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { describeLimiterBehaviour } from "./limiter-test-suite.ts";
import { createRedisLimiter } from "./redis.ts";

const url = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
  });
  probe.on("error", () => {});
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch (error) {
    if (process.env.CI) throw new Error(`Redis is required in CI: ${url}`, { cause: error });
    console.warn(
      `\n${"!".repeat(72)}\n!! Redis at ${url} did not answer: the Redis limiter tests are SKIPPED.\n${"!".repeat(72)}\n`,
    );
    return false;
  } finally {
    probe.disconnect();
  }
}

const available = await redisAnswers();
// Both Vitest projects run this file at once against one Redis: each run gets its own keys.
const prefix = `obra:rl:test:${randomBytes(6).toString("hex")}:`;

describeLimiterBehaviour("redis", () => createRedisLimiter({ url, prefix }), {
  shared: true,
  skip: !available,
});
