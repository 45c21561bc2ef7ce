// Pending sign-ups nobody confirmed are deleted after `pendingDays` by a timer of the server's
// own (decision 101 addendum), not only when someone else subscribes: the privacy policy and the
// confirmation mail promise it. Through boot(), as the server starts it.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { pendingDays } from "../../content/newsletter.ts";
import {
  createPostgresTestDatabase,
  createTestDatabase,
  skipDatabase,
  testDatabaseKind,
} from "../../tests/support/database.ts";
import { boot } from "../boot.ts";
import { subscriptions } from "../db/schema.ts";
import { parseEnv } from "../env.ts";
import { sweepExpiredSignUps } from "./subscriptions.ts";

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/** One of each kind of row: only the first is an expired sign-up. */
const rows = (tag: string) => [
  {
    email: `caducada-${tag}@example.test`,
    status: "pending" as const,
    consent_at: daysAgo(pendingDays + 1),
  },
  {
    email: `reciente-${tag}@example.test`,
    status: "pending" as const,
    consent_at: daysAgo(pendingDays - 1),
  },
  {
    email: `confirmada-${tag}@example.test`,
    status: "confirmed" as const,
    consent_at: daysAgo(400),
  },
  // Added by staff: no proof, never mailed, kept until staff delete it (decision 155).
  { email: `personal-${tag}@example.test`, status: "pending" as const, consent_at: null },
];

describe.skipIf(skipDatabase)("expired sign-ups are deleted on a timer", () => {
  it("deletes them on every turn of the sweep, and nothing else", async () => {
    const database = await createTestDatabase();
    const { db } = database;
    const timersBefore = activeTimers();
    const sweep = sweepExpiredSignUps(db, 50);
    // Unref'd: a server asked to stop is not kept alive by its sweep.
    expect(activeTimers()).toBe(timersBefore);
    try {
      for (const turn of ["uno", "dos"]) {
        await db.insert(subscriptions).values(rows(turn));
        await expect
          .poll(
            async () =>
              (
                await db
                  .select()
                  .from(subscriptions)
                  .where(eq(subscriptions.email, `caducada-${turn}@example.test`))
              ).length,
          )
          .toBe(0);
      }
      const left = (await db.select().from(subscriptions)).map((r) => r.email.split("@")[0]).sort();
      expect(left).toEqual([
        "confirmada-dos",
        "confirmada-uno",
        "personal-dos",
        "personal-uno",
        "reciente-dos",
        "reciente-uno",
      ]);
    } finally {
      await sweep.stop();
      await database.close();
    }
  });

  describe("as the server starts it", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "obra-sweep-"));
    let dropDatabase = async () => {};
    afterAll(() => dropDatabase());

    it("boot() deletes the sign-ups that expired while the server was down", async () => {
      let DATABASE_URL: string | undefined;
      if (testDatabaseKind === "postgres") {
        const database = await createPostgresTestDatabase();
        DATABASE_URL = database.url;
        dropDatabase = database.drop;
      }
      const env = parseEnv({
        NODE_ENV: "test",
        APP_URL: "http://localhost:3000",
        DATA_DIR: dataDir,
        ...(DATABASE_URL ? { DATABASE_URL } : {}),
      });
      // A first start makes the database; the sign-ups expire while the server is down.
      const first = await boot(env);
      await first.deps.db.insert(subscriptions).values(rows("arranque"));
      await first.close();

      const second = await boot(env);
      try {
        await expect
          .poll(async () => (await second.deps.db.select().from(subscriptions)).length)
          .toBe(3);
      } finally {
        await second.close();
      }
    }, 60_000);
  });
});

/** Timers that keep the process alive (unref'd ones do not count). */
function activeTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
}
