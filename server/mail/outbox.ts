import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { errorSummary } from "../db/errors.ts";
import { mailOutbox } from "../db/schema.ts";
import { log, maskEmail } from "../log.ts";
import { headerSafe } from "./layout.ts";
import type { Mailer } from "./mailer.ts";
import type { MailTransport } from "./transport.ts";

type OutboxRow = typeof mailOutbox.$inferSelect;

const batchSize = 20;
const pollMs = 5_000;
/** How long one claim of a batch may run before its remaining rows are handed back. */
const claimBudgetMs = 60_000;
/** 5 s, 30 s, 2 min, 10 min, 30 min, then hourly for ever: an outage loses nothing. */
const backoffSeconds = [5, 30, 120, 600, 1800, 3600];

export function retryDelaySeconds(attempts: number): number {
  return backoffSeconds[Math.min(attempts, backoffSeconds.length) - 1] ?? 5;
}

/**
 * The outbox (docs/decisions/012-mail-outbox.md): `send` stores the message, a worker in this
 * process delivers due rows, on a wake-up after each send and on a timer for retries.
 */
export function createMailer(db: Database, transport: MailTransport): Mailer {
  let stopped = false;
  let queue = Promise.resolve();
  let passWaiting = false;

  /** Passes run one after another; a pass not yet started will see any row stored meanwhile. */
  function schedulePass(): Promise<void> {
    if (passWaiting) return queue;
    passWaiting = true;
    queue = queue.then(async () => {
      passWaiting = false;
      await deliverDue(db, transport)
        .catch((error) => log.error({ err: error }, "mail: outbox pass failed"))
        .finally(() => transport.release?.());
    });
    return queue;
  }

  const timer = setInterval(() => void schedulePass(), pollMs);
  timer.unref();

  return {
    async send(message) {
      await db.insert(mailOutbox).values({
        to: headerSafe(message.to),
        reply_to: message.replyTo ? headerSafe(message.replyTo) : null,
        subject: headerSafe(message.subject),
        text: message.text,
        html: message.html,
        headers: message.headers ?? null,
        subscription_id: message.subscriptionId ?? null,
      });
      if (!stopped) void schedulePass();
    },
    flush: schedulePass,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await queue;
    },
  };
}

/** Claims and delivers batches until nothing is due, or the mail server seems down. */
async function deliverDue(db: Database, transport: MailTransport): Promise<void> {
  for (;;) {
    const claimedAt = Date.now();
    const batch = await claimDue(db);
    for (const [index, row] of batch.entries()) {
      const rest = batch.slice(index);
      if (Date.now() - claimedAt > claimBudgetMs) {
        await release(db, rest);
        break;
      }
      const outcome = await deliverOne(db, transport, row);
      if (outcome === "server-unreachable") return release(db, rest.slice(1));
    }
    if (batch.length < batchSize) return;
  }
}

/**
 * Takes up to 20 due rows for this process for 2 minutes. SKIP LOCKED plus the claim time
 * let several instances share one database and still send each message once.
 */
function claimDue(db: Database): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sent_at),
        lte(mailOutbox.next_attempt_at, sql`now()`),
        or(isNull(mailOutbox.locked_until), lt(mailOutbox.locked_until, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.id))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ locked_until: sql`now() + interval '2 minutes'` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

type Outcome = "sent" | "rejected" | "server-unreachable";

async function deliverOne(
  db: Database,
  transport: MailTransport,
  row: OutboxRow,
): Promise<Outcome> {
  try {
    await transport.deliver({ ...row, replyTo: row.reply_to });
  } catch (error) {
    await scheduleRetry(db, row, error);
    // An SMTP reply code means the server answered and refused this one message; without one
    // the server is unreachable, and trying the rest of the batch would only wait on timeouts.
    return (error as { responseCode?: number }).responseCode ? "rejected" : "server-unreachable";
  }
  await db
    .update(mailOutbox)
    .set({ sent_at: sql`now()`, locked_until: null, last_error: null })
    .where(eq(mailOutbox.id, row.id));
  return "sent";
}

async function scheduleRetry(db: Database, row: OutboxRow, error: unknown): Promise<void> {
  const attempts = row.attempts + 1;
  const delay = retryDelaySeconds(attempts);
  log.warn(
    { message: row.id, to: maskEmail(row.to), attempt: attempts, retry_in_s: delay },
    `mail: delivery failed: ${maskEmail(errorText(error))}`,
  );
  await db
    .update(mailOutbox)
    .set({
      attempts,
      last_error: errorText(error).slice(0, 1000),
      next_attempt_at: sql`now() + make_interval(secs => ${delay})`,
      locked_until: null,
    })
    .where(eq(mailOutbox.id, row.id));
}

/** Hands claimed rows back at once instead of letting their claim run out. */
async function release(db: Database, rows: OutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ locked_until: null })
    .where(
      inArray(
        mailOutbox.id,
        rows.map((r) => r.id),
      ),
    );
}

/** Logged and stored: never a failed query's parameters (the mail's own text and address). */
const errorText = errorSummary;
