// Pending sign-ups nobody confirmed are deleted after `pendingDays` by a timer of the server's
// own (decision 101), not only when someone else subscribes: the privacy policy and the
// confirmation mail promise it. Through boot(), as the server starts it. The same sweep (the
// retention sweep, decision 179) deletes what is kept blocked once its `blockedConsentYears` are
// over (decision 168), and the mail written to files after its days (decision 183). Rows are
// dated back instead of waiting: the sweep compares them with the database's clock.
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { blockedConsentYears, pendingDays } from "../../content/newsletter.ts";
import { mailCopyDays } from "../../content/retention.ts";
import { bootSettings, createTestDatabase, skipDatabase } from "../../tests/support/database.ts";
import { generateToken } from "../auth/tokens.ts";
import { boot } from "../boot.ts";
import { adminAudit, blockedConsents, mailOutbox, subscriptions } from "../db/schema.ts";
import { sweepRetention } from "../retention.ts";

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/** `days` days either side of the moment `blockedConsentYears` ago (negative: more recent). */
const blockedSince = (days: number) => {
  const date = new Date();
  date.setFullYear(date.getFullYear() - blockedConsentYears);
  return new Date(date.getTime() - days * 24 * 60 * 60 * 1000);
};

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
    const sweep = sweepRetention(db, { everyMs: 50 });
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

  it("deletes blocked proofs and unsubscribed addresses once their period is over, and nothing newer", async () => {
    const database = await createTestDatabase();
    const { db } = database;
    const proof = (email: string, endedAt: Date) => ({
      email,
      consent_at: daysAgo(2000),
      consent_version: "2026-11-24",
      consent_text: "Acepto recibir el boletín.",
      consent_page: "/",
      consent_ip: "198.51.100.1",
      confirmed_at: daysAgo(2000),
      ended_at: endedAt,
      ended_by: "page" as const,
    });
    const gone = (email: string, unsubscribedAt: Date) => ({
      email,
      status: "unsubscribed" as const,
      consent_at: null,
      unsubscribed_at: unsubscribedAt,
      unsubscribe_token: generateToken(),
    });
    const sweep = sweepRetention(db, { everyMs: 50 });
    try {
      for (const turn of ["uno", "dos"]) {
        // One transaction: the sweep, running meanwhile, finds a turn's rows all at once.
        await db.transaction(async (tx) => {
          await tx
            .insert(blockedConsents)
            .values([
              proof(`vencida-${turn}@example.test`, blockedSince(1)),
              proof(`vigente-${turn}@example.test`, blockedSince(-1)),
            ]);
          const [old] = await tx
            .insert(subscriptions)
            .values([
              gone(`vencida-${turn}@example.test`, blockedSince(1)),
              gone(`vigente-${turn}@example.test`, blockedSince(-1)),
              // Subscribed long ago and still subscribed: nothing of it is blocked.
              {
                email: `sigue-${turn}@example.test`,
                status: "confirmed" as const,
                consent_at: daysAgo(5000),
                confirmed_at: daysAgo(5000),
                unsubscribe_token: generateToken(),
              },
            ])
            .returning({ id: subscriptions.id });
          // What staff once did to it, in the audit log: its content goes with the address.
          await tx.insert(adminAudit).values({
            actor_name: "Marta",
            actor_email: "marta@example.test",
            action: "update",
            resource: "subscriptions",
            record_id: old?.id,
            record_title: `vencida-${turn}@example.test`,
            before: { email: `vencida-${turn}@example.test` },
            after: { email: `vencida-${turn}@example.test` },
          });
          // A copy of a mail sent to the address that left: it goes with the address.
          await tx.insert(mailOutbox).values({
            to: `vencida-${turn}@example.test`,
            subject: "Boletín",
            text: "…",
            html: "…",
            sent_at: blockedSince(2),
            subscription_id: old?.id,
          });
        });
        await expect
          .poll(async () => {
            const proofs = await db.select().from(blockedConsents);
            const rows = await db.select().from(subscriptions);
            return [...proofs, ...rows].filter((r) => r.email.startsWith("vencida-")).length;
          })
          .toBe(0);
      }
      const proofsLeft = (await db.select().from(blockedConsents)).map((r) => r.email).sort();
      expect(proofsLeft).toEqual(["vigente-dos@example.test", "vigente-uno@example.test"]);
      const rowsLeft = (await db.select().from(subscriptions)).map((r) => r.email).sort();
      expect(rowsLeft).toEqual([
        "sigue-dos@example.test",
        "sigue-uno@example.test",
        "vigente-dos@example.test",
        "vigente-uno@example.test",
      ]);
      expect(await db.select().from(mailOutbox)).toEqual([]);
      const audit = await db.select().from(adminAudit);
      expect(audit).toHaveLength(2);
      expect(JSON.stringify(audit)).not.toContain("vencida");
    } finally {
      await sweep.stop();
      await database.close();
    }
  });

  describe("as the server starts it", () => {
    let dropDatabase = async () => {};
    afterAll(() => dropDatabase());

    it("boot() deletes the sign-ups that expired while the server was down, and old mail files", async () => {
      const { env, drop } = await bootSettings();
      dropDatabase = drop;
      const dataDir = env.DATA_DIR;
      // A first start opens the database; the sign-ups expire while the server is down.
      const first = await boot(env);
      await first.deps.db.insert(subscriptions).values(rows("arranque"));
      await first.close();
      // Mail it wrote to files (no SMTP_URL): one past the mail copies' days, one within them.
      const mailDir = path.join(dataDir, "mail");
      mkdirSync(mailDir, { recursive: true, mode: 0o700 });
      const mailFile = (name: string, days: number) => {
        const file = path.join(mailDir, name);
        writeFileSync(file, "To: ana@example.test\r\n\r\nHola, Ana.\r\n", { mode: 0o600 });
        utimesSync(file, daysAgo(days), daysAgo(days));
        return file;
      };
      const old = mailFile("antiguo.eml", mailCopyDays + 1);
      const recent = mailFile("reciente.eml", mailCopyDays - 1);

      const second = await boot(env);
      try {
        // The boot's sweep runs beside the start: expect.poll's default second is short on a
        // loaded machine (decision 195).
        await expect
          .poll(async () => (await second.deps.db.select().from(subscriptions)).length, {
            timeout: 10_000,
          })
          .toBe(3);
        await expect.poll(() => existsSync(old), { timeout: 10_000 }).toBe(false);
        expect(existsSync(recent)).toBe(true);
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
