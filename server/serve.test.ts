import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";
import { startupSummary } from "./serve.ts";

describe("the start-up line", () => {
  const summary = (settings: Record<string, string>) =>
    startupSummary(parseEnv({ DATA_DIR: "/var/lib/obra", ...settings }));

  it("names the Redis database the throttles count in, 0 when the URL names none", () => {
    expect(summary({ REDIS_URL: "redis://:secreto@cache.internal:6379/2" }).throttles).toBe(
      "redis://cache.internal:6379/2",
    );
    expect(summary({ REDIS_URL: "rediss://cache.internal:6380" }).throttles).toBe(
      "rediss://cache.internal:6380/0",
    );
    expect(summary({}).throttles).toBe("memory");
  });

  it("names the PostgreSQL database and the SMTP server without their credentials", () => {
    const line = summary({
      DATABASE_URL: "postgres://obra:clave@db.internal:5432/obra",
      SMTP_URL: "smtps://buzon:clave@smtp.example.es:465",
    });
    expect(line.database).toBe("postgres://db.internal:5432/obra");
    expect(line.mail).toBe("smtps://smtp.example.es:465");
    expect(JSON.stringify(line)).not.toMatch(/clave|secreto|buzon/);
  });
});
