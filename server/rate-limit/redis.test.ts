import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { databaseFreeAlreadyRan } from "../../tests/support/database-free.ts";
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
// Other runs of the suite may use the same Redis at once: each run gets its own keys.
const prefix = `obra:rl:test:${randomBytes(6).toString("hex")}:`;

describeLimiterBehaviour("redis", () => createRedisLimiter({ url, prefix }), {
  shared: true,
  skip: !available || databaseFreeAlreadyRan,
});

describe.skipIf(databaseFreeAlreadyRan)(
  "a REDIS_URL that cannot be used stops the start, saying why",
  () => {
    it.skipIf(!available)("a database number this Redis does not have", async () => {
      const wrong = new URL(url);
      wrong.pathname = "/99999";
      await expect(createRedisLimiter({ url: wrong.toString(), prefix })).rejects.toThrow(
        `Redis at ${wrong.host} refused database 99999 (REDIS_URL): ERR DB index is out of range`,
      );
    });

    it("a server that does not answer", async () => {
      await expect(
        createRedisLimiter({ url: "redis://:secreto@127.0.0.1:1/0", prefix }),
      ).rejects.toThrow(/^Redis at 127\.0\.0\.1:1 does not answer \(REDIS_URL\): /);
    });
  },
);
