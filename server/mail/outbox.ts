import path from "node:path";
import { and, asc, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { mailCopyDays } from "../../content/retention.ts";
import type { Database } from "../db/client.ts";
import { errorSummary } from "../db/errors.ts";
import { mailOutbox } from "../db/schema.ts";
import { log, maskEmail } from "../log.ts";
import { headerSafe } from "./layout.ts";
import type { Mailer, MailMessage } from "./mailer.ts";
import { type Delivery, deleteMailFiles, type MailTransport } from "./transport.ts";

type OutboxRow = typeof mailOutbox.$inferSelect;

const batchSize = 20;
const pollMs = 5_000;
/** How long one claim of a batch may run before its remaining rows are handed back. */
const claimBudgetMs = 60_000;
/**
 * 5 s, 30 s, 2 min, then every 5 minutes for ever: an outage loses nothing, and a mail that
 * waits on a mail server that was down goes out at most 5 minutes after it is back, sooner when
 * any other mail gets through first (`bringForward`). Hourly steps left a lead's notice an
 * hour late after an hour's outage (decision 173).
 */
const backoffSeconds = [5, 30, 120, 300];

export function retryDelaySeconds(attempts: number): number {
  return backoffSeconds[Math.min(attempts, backoffSeconds.length) - 1] ?? 5;
}

/**
 * The outbox (docs/decisions/012-mail-outbox.md): `send` stores the message, a worker in this
 * process delivers due rows, on a wake-up after each send and on a timer for retries.
 */
export function createMailer(db: Database, transport: MailTransport): Mailer {
  let stopped = false;
  // A start is often the operator's answer to a mail problem (a password put right in SMTP_URL):
  // what waited for the server goes with the first pass rather than at its next step.
  let queue: Promise<void> = bringForward(db).then(
    () => undefined,
    (error) => log.error({ err: error }, "mail: outbox pass failed"),
  );
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
      await queueMail(db, message);
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

/**
 * Stores a message in the outbox, in the caller's transaction when `db` is one (a lead's reply is
 * queued with its audit entry and status change, or none of them is): the mailer's `flush` after
 * the commit sends it. Answers the row's id.
 */
export async function queueMail(db: Database, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to: headerSafe(message.to),
      reply_to: message.replyTo ? headerSafe(message.replyTo) : null,
      subject: headerSafe(message.subject),
      text: message.text,
      html: message.html,
      headers: message.headers ?? null,
      subscription_id: message.subscriptionId ?? null,
      contact_id: message.contactId ?? null,
      kind: message.kind ?? null,
      sent_by: message.sentBy ?? null,
      message: message.conversation?.message ?? null,
      signer: message.conversation?.signer ?? null,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("mail: outbox insert returned nothing");
  return row.id;
}

/**
 * Claims and delivers batches until nothing is due, or the mail server seems down. The pass's
 * first delivery shows the server answers: whatever waited for it is made due and sent too.
 */
async function deliverDue(db: Database, transport: MailTransport): Promise<void> {
  let serverAnswered = false;
  for (;;) {
    const claimedAt = Date.now();
    const batch = await claimDue(db);
    let more = batch.length === batchSize;
    for (const [index, row] of batch.entries()) {
      const rest = batch.slice(index);
      if (Date.now() - claimedAt > claimBudgetMs) {
        await release(db, rest);
        break;
      }
      const outcome = await deliverOne(db, transport, row);
      if (outcome === "server") return release(db, rest.slice(1));
      if (outcome === "sent" && !serverAnswered) {
        serverAnswered = true;
        if ((await bringForward(db)) > 0) more = true;
      }
    }
    if (!more) return;
  }
}

/**
 * Makes every mail whose last attempt failed for the server's sake due now; answers how many.
 * Not those a server deferred for their own sake (452, mailbox full): they keep their step, or
 * each delivery of a campaign would try them again.
 */
async function bringForward(db: Database): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ next_attempt_at: sql`now()` })
    .where(
      and(
        eq(mailOutbox.server_failure, true),
        isNull(mailOutbox.sent_at),
        isNull(mailOutbox.failed_at),
        gt(mailOutbox.next_attempt_at, sql`now()`),
      ),
    )
    .returning({ id: mailOutbox.id });
  if (rows.length > 0) {
    log.info({ messages: rows.length }, "mail: retrying now the mails that waited for the server");
  }
  return rows.length;
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
        isNull(mailOutbox.failed_at),
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

/**
 * Whose a failed delivery is, from nodemailer's error:
 * - "server": no answer at all (refused, timed out, a name that does not resolve), or a refusal
 *   of the connection, the login or the sender (421, 535, a reply to MAIL FROM): no message can
 *   go until the server or the settings are put right, so the pass stops here;
 * - "message": a 4xx about this message alone (its recipient or its content: mailbox full,
 *   greylisting): tried again at its next step, and the others go on;
 * - "refused": a 5xx about this message alone (550 no such mailbox, 554 content refused): the
 *   same answer would come every time, so it is never tried again.
 * A 5xx to anything but RCPT TO or DATA (a wrong password, a sender the provider does not
 * accept) is the server's: every mail would get it, and they wait for the settings to be mended.
 */
export type Failure = "server" | "message" | "refused";

export function failureOf(error: unknown): Failure {
  const { responseCode, command } = (error ?? {}) as { responseCode?: number; command?: string };
  if (!responseCode || responseCode === 421) return "server";
  if (command !== "RCPT TO" && command !== "DATA") return "server";
  return responseCode >= 500 ? "refused" : "message";
}

type Outcome = "sent" | Failure;

async function deliverOne(
  db: Database,
  transport: MailTransport,
  row: OutboxRow,
): Promise<Outcome> {
  let delivery: Delivery;
  try {
    delivery = await transport.deliver({ ...row, replyTo: row.reply_to });
  } catch (error) {
    const failure = failureOf(error);
    if (failure === "refused") await markRefused(db, row, error);
    else await scheduleRetry(db, row, error, failure);
    return failure;
  }
  const marked = await db
    .update(mailOutbox)
    .set({
      sent_at: sql`now()`,
      locked_until: null,
      last_error: null,
      // Its name in the mail folder, so that erasing the row's lead takes the file (decision 188).
      file: delivery.file ? path.basename(delivery.file) : null,
    })
    .where(eq(mailOutbox.id, row.id))
    .returning({ id: mailOutbox.id });
  // The row went while its file was written: its lead or subscription was erased (188).
  if (!marked.length && delivery.file) {
    await deleteMailFiles(path.dirname(delivery.file), [path.basename(delivery.file)]);
  }
  // Never the subject: a lead's notice names the visitor in it (decision 173).
  if (delivery.file) log.info({ ...about(row), file: delivery.file }, "mail: written to a file");
  else log.info(about(row), "mail: delivered");
  return "sent";
}

/**
 * What every line about a mail says of it: the outbox row, the address masked, and the lead
 * or campaign it belongs to, so a lead's "contacts: lead stored" line leads to its mails.
 */
function about(row: OutboxRow) {
  return {
    message: row.id,
    to: maskEmail(row.to),
    ...(row.contact_id === null ? {} : { contact: row.contact_id }),
    ...(row.campaign_id === null ? {} : { campaign: row.campaign_id }),
  };
}

async function scheduleRetry(
  db: Database,
  row: OutboxRow,
  error: unknown,
  failure: Failure,
): Promise<void> {
  const attempts = row.attempts + 1;
  const delay = retryDelaySeconds(attempts);
  log.warn(
    { ...about(row), attempt: attempts, retry_in_s: delay },
    `mail: delivery failed: ${maskEmail(errorText(error))}`,
  );
  await db
    .update(mailOutbox)
    .set({
      attempts,
      last_error: errorText(error).slice(0, 1000),
      next_attempt_at: sql`now() + make_interval(secs => ${delay})`,
      locked_until: null,
      server_failure: failure === "server",
    })
    .where(eq(mailOutbox.id, row.id));
}

/**
 * A final state, as sent is: the row stays (staff and /readyz count it), never claimed again and
 * never "stuck". A warning, as each failure is, with the row and the masked address, so the
 * operator can tell the office whose mail did not arrive.
 */
async function markRefused(db: Database, row: OutboxRow, error: unknown): Promise<void> {
  log.warn(
    {
      ...about(row),
      attempt: row.attempts + 1,
      code: (error as { responseCode?: number }).responseCode,
    },
    `mail: refused for good, not tried again: ${maskEmail(errorText(error))}`,
  );
  await db
    .update(mailOutbox)
    .set({
      attempts: row.attempts + 1,
      last_error: errorText(error).slice(0, 1000),
      failed_at: sql`now()`,
      locked_until: null,
      server_failure: false,
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

/**
 * Deletes the copies `which` picks, the mails of a person whose data go (a lead, a subscription),
 * and answers the names of the files they were written to (no SMTP_URL): the caller hands them
 * to `deleteMailFiles` once its transaction has committed (decision 188).
 */
export async function deleteCopies(db: Database, which: SQL): Promise<string[]> {
  const gone = await db.delete(mailOutbox).where(which).returning({ file: mailOutbox.file });
  return gone.flatMap((row) => (row.file ? [row.file] : []));
}

/**
 * The copies of mails that belong to no lead and no subscription (an account's verification and
 * reset mails; a lead's, once the lead was deleted by other means than the admin) are deleted
 * `mailCopyDays` after they went or were refused for good (decision 179); a lead's and a
 * subscription's go with them. A mail still waiting to go is never deleted. Answers how many.
 */
export async function deleteOldCopies(db: Database): Promise<number> {
  const gone = await db
    .delete(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.contact_id),
        isNull(mailOutbox.subscription_id),
        // As mail_outbox_other_copies_idx reads it.
        lt(
          sql`coalesce(${mailOutbox.sent_at}, ${mailOutbox.failed_at})`,
          sql`now() - make_interval(days => ${mailCopyDays}::integer)`,
        ),
      ),
    )
    .returning({ id: mailOutbox.id });
  return gone.length;
}
