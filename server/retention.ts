// The server's retention sweep: what the privacy policy says is deleted, the server deletes, on
// a timer of its own, whether or not anyone uses the site (decisions 101, 168, 179,
// 183).
import { deleteOldAuditEntries } from "./audit-log.ts";
import { deleteExpiredAccessTokens, deleteSpentOneTimeTokens } from "./auth/spent-tokens.ts";
import type { Database } from "./db/client.ts";
import { forgetInWriteAheadLog } from "./db/erasure.ts";
import { eraseIdleLeads } from "./leads/retention.ts";
import { log } from "./log.ts";
import { deleteOldCopies } from "./mail/outbox.ts";
import { deleteOldMailFiles } from "./mail/transport.ts";
import { purgeBlocked, purgeExpired } from "./newsletter/subscriptions.ts";
import { repeat } from "./repeat.ts";

/** How often the server sweeps: nothing outlives what the privacy policy says by over an hour. */
export const sweepEveryMs = 60 * 60_000;

/**
 * What one turn deleted, by kind, as its log line says it: counts only, never whose. A kind
 * whose step failed is absent, and named in `failed`.
 */
export interface SweepCounts {
  /** Newsletter sign-ups never confirmed, past `pendingDays`. */
  expired_sign_ups?: number;
  /** Proofs of ended newsletter consents, and unsubscribed addresses, past their 3 years. */
  blocked_consents?: number;
  unsubscribed?: number;
  /** Leads whose personal data were erased, and how many of those had been won. */
  leads_erased?: number;
  won_leads_erased?: number;
  /** Copies of mails of no lead and no subscription, past `mailCopyDays`. */
  mail_copies?: number;
  /** Audit log entries past `auditYears`. */
  audit_entries?: number;
  /** Sign-in tokens past their expiry. */
  access_tokens?: number;
  /** Verification and reset links used, or expired unused. */
  one_time_tokens?: number;
  /** Mail written to files (no SMTP_URL), past `mailCopyDays`. */
  mail_files?: number;
  failed?: string[];
}

/** The steps that delete what a person gave or what was written about them. */
const personalDataSteps = [
  "expired_sign_ups",
  "blocked_consents",
  "unsubscribed",
  "leads_erased",
  "mail_copies",
  "audit_entries",
] as const satisfies readonly (keyof SweepCounts)[];

/** What the sweep reads besides the database. */
export interface SweepPlaces {
  /**
   * The folder of mail written to files, `DATA_DIR/mail` (`mailFolder`): swept by age, and the
   * files of the leads and sign-ups erased go with them (decision 188). None: left alone.
   */
  mailFolder?: string;
}

/**
 * One turn: each step on its own, so that one failing (the database away a moment) leaves the
 * others to do their part; the next turn tries it again. Each step's writes are transactions
 * (a lead is erased whole or not at all), so a turn cut short leaves nothing half done. Ends
 * with one line, `retention: swept`, with the counts: a warning when a step failed, info when
 * something was deleted, debug when nothing was (most hours of a quiet site, and every
 * instance but the one that got there first), so the log shows what went, not that nothing did.
 */
export async function sweepOnce(db: Database, places: SweepPlaces = {}): Promise<SweepCounts> {
  const { mailFolder } = places;
  const counts: SweepCounts = {};
  const failed: string[] = [];
  const step = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      failed.push(name);
      log.error({ err: error, step: name }, "retention: a step of the sweep failed");
    }
  };
  await step("expired_sign_ups", async () => {
    counts.expired_sign_ups = await purgeExpired(db, mailFolder);
  });
  await step("blocked_consents", async () => {
    const { proofs, unsubscribed } = await purgeBlocked(db);
    counts.blocked_consents = proofs;
    counts.unsubscribed = unsubscribed;
  });
  await step("leads", async () => {
    const { leads, won } = await eraseIdleLeads(db, mailFolder);
    counts.leads_erased = leads;
    counts.won_leads_erased = won;
  });
  await step("mail_copies", async () => {
    counts.mail_copies = await deleteOldCopies(db);
  });
  await step("audit_entries", async () => {
    counts.audit_entries = await deleteOldAuditEntries(db);
  });
  await step("access_tokens", async () => {
    counts.access_tokens = await deleteExpiredAccessTokens(db);
  });
  await step("one_time_tokens", async () => {
    counts.one_time_tokens = await deleteSpentOneTimeTokens(db);
  });
  if (mailFolder) {
    await step("mail_files", async () => {
      counts.mail_files = await deleteOldMailFiles(mailFolder);
    });
  }
  const deleted = Object.values(counts).some((count) => typeof count === "number" && count > 0);
  // The personal data a turn erased leaves no copy in the embedded database's write-ahead log
  // (decision 205); spent tokens alone, most hours' work, are no reason to close it.
  const erased = personalDataSteps.some((name) => (counts[name] ?? 0) > 0);
  if (erased) await forgetInWriteAheadLog(db);
  if (failed.length) {
    counts.failed = failed;
    log.warn(counts, "retention: swept");
  } else if (deleted) {
    log.info(counts, "retention: swept");
  } else log.debug(counts, "retention: swept");
  return counts;
}

/**
 * Runs `sweepOnce` at once and then every `everyMs` (`repeat`, like the outbox's and the
 * password-reset queue's timers, they do not keep the process alive). Each instance sweeps; what
 * a turn deletes is the same whoever runs it, and leads another instance is erasing are skipped,
 * so instances sharing a database need no coordination.
 */
export function sweepRetention(
  db: Database,
  { everyMs = sweepEveryMs, ...places }: SweepPlaces & { everyMs?: number } = {},
): { stop(): Promise<void> } {
  return repeat(() => sweepOnce(db, places), everyMs);
}
