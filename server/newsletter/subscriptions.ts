// The newsletter's subscription life cycle (decision 101): pending until the confirmation link
// is opened, confirmed (the only state ever mailed), unsubscribed. When a confirmed consent ends,
// its proof is kept blocked in blocked_consents for `blockedConsentYears`, then deleted with the
// unsubscribed address (decision 168) by the server's retention sweep. Routers and the admin call
// these; nothing else writes the tables.
import { and, eq, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import {
  blockedConsentYears,
  type ConsentVersion,
  consentVersions,
  currentConsentVersion,
  pendingDays,
} from "../../content/newsletter.ts";
import { forgetRecords } from "../audit-log.ts";
import { tokenPattern } from "../auth/one-time-tokens.ts";
import { generateToken, hashToken } from "../auth/tokens.ts";
import type { Database } from "../db/client.ts";
import { blockedConsents, campaigns, mailOutbox, subscriptions } from "../db/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { deleteCopies } from "../mail/outbox.ts";
import { deleteMailFiles, mailFolder } from "../mail/transport.ts";
import {
  newsletterConfirmationMail,
  newsletterWelcomeMail,
  type UnsubscribeLinks,
} from "./mails.ts";

/** At most this many confirmation mails per address a day, whoever asks (no mail cannon). */
export const confirmationMailsPerDay = 3;

/**
 * A request repeated this soon after the last one for a still pending address changes nothing
 * and mails nothing (decision 152): its mail is on its way, and a new link would kill the one
 * in it. Ten minutes, like the subscribe throttle's window and decision 060's for contacts.
 */
export const repeatWindowMinutes = 10;

const pendingLifetimeMs = pendingDays * 24 * 60 * 60 * 1000;

export interface ConsentRequest {
  email: string;
  /** The version of the consent text the form showed; an unknown one counts as the current. */
  consentVersion?: string;
  /** The page the form was on (a path of this site). */
  page?: string;
  ip: string;
}

export function confirmationLink(appUrl: string, token: string): string {
  return `${appUrl}/newsletter/confirmar?token=${token}`;
}

/** RFC 8058's target: a mail client POSTs `List-Unsubscribe=One-Click` here, token in the query. */
export const oneClickUnsubscribePath = "/api/subscriptions/unsubscribe";

/**
 * The unsubscribe page's path, with the link's token when there is one, as it is: a campaign
 * puts each token in with SQL's replace() (server/newsletter/campaigns.ts), so its placeholder
 * must reach the text unencoded. A token from elsewhere is encoded by its caller.
 */
export function unsubscribePagePath(token?: string): string {
  return token ? `/newsletter/baja?token=${token}` : "/newsletter/baja";
}

/** The two ways out that every newsletter mail offers: the page, and the one-click POST. */
export function unsubscribeLinks(appUrl: string, token: string): UnsubscribeLinks {
  return {
    page: `${appUrl}${unsubscribePagePath(token)}`,
    oneClick: `${appUrl}${oneClickUnsubscribePath}?token=${token}`,
  };
}

function consentTextOf(version: string | undefined): { version: ConsentVersion; text: string } {
  const known = version && Object.hasOwn(consentVersions, version);
  const chosen = known ? (version as ConsentVersion) : currentConsentVersion;
  return { version: chosen, text: consentVersions[chosen] };
}

/**
 * Unconfirmed subscriptions older than `pendingDays` are forgotten: at each sign-up request, and
 * by the server's retention sweep (server/retention.ts), so that no address waits longer than the
 * privacy policy and the confirmation mail say, whether or not anyone else subscribes. The copy
 * of the confirmation mail goes with it, and the file it was written to in `folder` (no
 * SMTP_URL) once that has committed (decision 188). Answers how many.
 */
export async function purgeExpired(db: Database, folder?: string): Promise<number> {
  let files: string[] = [];
  const gone = await db.transaction(async (tx) => {
    // Locked first: an address asked for again meanwhile waits for the commit, then starts anew.
    const due = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.status, "pending"),
          lt(subscriptions.consent_at, new Date(Date.now() - pendingLifetimeMs)),
        ),
      )
      .for("update");
    const ids = due.map((row) => row.id);
    if (!ids.length) return 0;
    // The copies by hand rather than by the cascade, which would not say their files.
    files = await deleteCopies(tx, inArray(mailOutbox.subscription_id, ids));
    await tx.delete(subscriptions).where(inArray(subscriptions.id, ids));
    return ids.length;
  });
  if (folder) await deleteMailFiles(folder, files);
  return gone;
}

/** A moment `blockedConsentYears` before the database's now: older blocked data is deleted. */
const blockPeriodStart = sql`now() - make_interval(years => ${blockedConsentYears})`;

/**
 * What is kept blocked ends with its period (decision 168): each proof of a consent that ended
 * more than `blockedConsentYears` ago, and each address unsubscribed that long ago, with the
 * copies of the mails sent to it (mail_outbox.subscription_id … on delete cascade) and what
 * the audit log held of it, as an erasure does (decision 104). Nothing mails an unsubscribed
 * address, so nothing needs it after that; if its person comes back, it is a new double opt-in.
 * Run by the server's retention sweep; answers how many of each went.
 */
export async function purgeBlocked(
  db: Database,
): Promise<{ proofs: number; unsubscribed: number }> {
  const proofs = await db
    .delete(blockedConsents)
    .where(lt(blockedConsents.ended_at, blockPeriodStart))
    .returning({ id: blockedConsents.id });
  const unsubscribed = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(subscriptions)
      .where(
        and(
          eq(subscriptions.status, "unsubscribed"),
          lt(subscriptions.unsubscribed_at, blockPeriodStart),
        ),
      )
      .returning({ id: subscriptions.id });
    await forgetRecords(
      tx,
      "subscriptions",
      gone.map((row) => row.id),
    );
    return gone.length;
  });
  return { proofs: proofs.length, unsubscribed };
}

/**
 * How a confirmed consent ended (decision 168): its person unsubscribed on the page the mails
 * link to (`page`) or with the mail program's button (`one_click`, RFC 8058); or staff deleted
 * the subscription (`erasure`) or gave it another address (`readdressed`).
 */
export type ConsentEnd = (typeof blockedConsents.$inferInsert)["ended_by"];

/**
 * Copies the proof of consent of the confirmed subscriptions `where` picks into blocked_consents,
 * with when and how it ended (decision 168), before the write that ends them erases it from the
 * row: the mails sent under it had consent, and GDPR art. 7.1 asks the company to show it. Runs
 * in that write's transaction; the rows stay locked until it ends, so an unsubscribe and an
 * erasure at once block a proof once. Pending and staff-added rows have no consent to keep:
 * nothing but their confirmation link was ever mailed to them.
 */
export async function blockConsentProof(
  db: Pick<Database, "execute">,
  where: SQL,
  endedBy: ConsentEnd,
): Promise<void> {
  await db.execute(sql`
    insert into ${blockedConsents} (email, consent_at, consent_version, consent_text,
      consent_page, consent_ip, confirmed_at, ended_by)
    select email, consent_at, consent_version, consent_text, consent_page, consent_ip,
      confirmed_at, ${endedBy}
    from ${subscriptions}
    where ${subscriptions.status} = 'confirmed' and ${where}
    for update`);
}

/**
 * Records the request with its proof of consent and mails a confirmation link, unless the
 * address is already confirmed, or was asked for less than `repeatWindowMinutes` ago and is
 * still pending, or has had its `confirmationMailsPerDay` today (then nothing changes and
 * nothing is sent). Otherwise a pending or unsubscribed
 * address starts over with a fresh confirmation link; older confirmation links stop working.
 * The unsubscribe token stays: every unsubscribe link ever mailed to the address keeps working
 * (decision 101).
 */
export async function requestSubscription(
  { db, mail, env, limiter }: Pick<Dependencies, "db" | "mail" | "env" | "limiter">,
  request: ConsentRequest,
): Promise<void> {
  await purgeExpired(db, mailFolder(env.DATA_DIR));
  // The day's cap first: a request it holds back changes nothing, so the link in the last mail
  // sent keeps working (decision 152). Counted below only once a mail is due.
  const quotaKey = `newsletter-confirm:${request.email.toLowerCase()}`;
  const dayMs = 24 * 60 * 60 * 1000;
  if (!(await limiter.peek(quotaKey, confirmationMailsPerDay, dayMs)).allowed) return;
  const consent = consentTextOf(request.consentVersion);
  const token = generateToken();
  // The lower(email) unique index decides, even between two requests racing: the second waits
  // for the first and then reads its row. A confirmed subscription, or a pending one asked for
  // moments ago, is left as it is (the WHERE of DO UPDATE), so no row comes back for it.
  const { rows } = (await db.execute(sql`
    insert into ${subscriptions} (email, status, consent_at, consent_version, consent_text,
      consent_page, consent_ip, confirm_token_hash)
    values (${request.email}, 'pending', now(), ${consent.version}, ${consent.text},
      ${request.page ?? null}, ${request.ip}, ${hashToken(token)})
    on conflict (lower(email)) do update set
      status = 'pending', consent_at = now(), consent_version = excluded.consent_version,
      consent_text = excluded.consent_text, consent_page = excluded.consent_page,
      consent_ip = excluded.consent_ip, confirm_token_hash = excluded.confirm_token_hash,
      confirmed_at = null, unsubscribed_at = null, updated_at = now()
    where ${subscriptions}.status <> 'confirmed'
      and not (${subscriptions}.status = 'pending' and ${subscriptions}.consent_at is not null
        and ${subscriptions}.consent_at > now() - make_interval(mins => ${repeatWindowMinutes}))
    returning id, email`)) as unknown as { rows: { id: number; email: string }[] };
  const row = rows[0];
  if (!row) return;
  // Not checked again: the row's new link must be mailed. Two requests that both passed the peek
  // cannot both get here, since the second finds the first's row asked for moments ago.
  await limiter.hit(quotaKey, confirmationMailsPerDay, dayMs);
  await mail.send({
    ...newsletterConfirmationMail(row.email, confirmationLink(env.APP_URL, token)),
    subscriptionId: row.id,
  });
}

/**
 * Opens a confirmation link: true when a pending, unexpired subscription was confirmed, or when
 * it already was by this link (opened again from the mail: the person is subscribed, and is
 * told so, with no second welcome). The welcome mail that follows a confirmation already
 * carries the unsubscribe link and headers every newsletter mail has. The link's hash is kept
 * while the subscription is confirmed and goes with an unsubscribe, so an old link never
 * subscribes an address again (decision 101).
 */
export async function confirmSubscription(
  { db, mail, env }: Pick<Dependencies, "db" | "mail" | "env">,
  token: string,
): Promise<boolean> {
  if (!tokenPattern.test(token)) return false;
  const [confirmed] = await db
    .update(subscriptions)
    .set({
      status: "confirmed",
      confirmed_at: new Date(),
      // An address that was subscribed before keeps its unsubscribe link: the one in its old
      // mails (decision 101). Staff re-addressing a row is the one thing that clears it.
      unsubscribe_token: sql`coalesce(${subscriptions.unsubscribe_token}, ${generateToken()})`,
    })
    .where(
      and(
        eq(subscriptions.confirm_token_hash, hashToken(token)),
        eq(subscriptions.status, "pending"),
        gt(subscriptions.consent_at, new Date(Date.now() - pendingLifetimeMs)),
      ),
    )
    .returning({
      id: subscriptions.id,
      email: subscriptions.email,
      unsubscribe_token: subscriptions.unsubscribe_token,
    });
  if (!confirmed?.unsubscribe_token) {
    const [already] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.confirm_token_hash, hashToken(token)),
          eq(subscriptions.status, "confirmed"),
        ),
      );
    return already !== undefined;
  }
  await mail.send({
    ...newsletterWelcomeMail(
      confirmed.email,
      unsubscribeLinks(env.APP_URL, confirmed.unsubscribe_token),
    ),
    subscriptionId: confirmed.id,
  });
  return true;
}

/**
 * Opens an unsubscribe link (the page, or a mail client's one-click POST: `how`): the
 * subscription keeps its address and the date of the opt-out, and a confirmed one's proof of
 * consent is kept blocked, apart, with when and how it ended (decision 168). False for a link
 * that never existed; a second use of a real one is answered like the first and changes
 * nothing. Every link mailed to the address works, from before a new sign-up too (the token is
 * the address's for as long as its row lives); used while a new sign-up waits for
 * confirmation, it ends that too, and the pending confirmation link stops working (decision
 * 101).
 */
export async function unsubscribe(
  db: Database,
  token: string,
  how: Extract<ConsentEnd, "page" | "one_click">,
): Promise<boolean> {
  if (!tokenPattern.test(token)) return false;
  const row = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: subscriptions.id, status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.unsubscribe_token, token))
      .for("update");
    if (!found || found.status === "unsubscribed") return found;
    const itself = eq(subscriptions.id, found.id);
    await blockConsentProof(tx, itself, how);
    await tx
      .update(subscriptions)
      .set({
        status: "unsubscribed",
        // The transaction's moment, as the blocked proof's ended_at: one instant, one clock.
        unsubscribed_at: sql`now()`,
        consent_at: null,
        consent_version: null,
        consent_text: null,
        consent_page: null,
        consent_ip: null,
        confirmed_at: null,
        confirm_token_hash: null,
      })
      .where(itself);
    return found;
  });
  if (!row) return false;
  await dropWaitingCampaignMails(db, row.id);
  return true;
}

/**
 * An unsubscribe takes effect at once: campaign mails still waiting for that subscription are
 * dropped (decision 103; one the outbox worker holds at this moment may still go out), and each
 * campaign counts its dropped mail as withdrawn, so its person still counts among its queued
 * and unsubscribed (decision 103). One statement: a row is counted as it is deleted.
 * A mail refused for good stays: it was never going to arrive, and it is counted as refused.
 */
async function dropWaitingCampaignMails(db: Database, subscriptionId: number): Promise<void> {
  await db.execute(sql`
    with dropped as (
      delete from ${mailOutbox}
      where ${mailOutbox.subscription_id} = ${subscriptionId}
        and ${mailOutbox.campaign_id} is not null
        and ${mailOutbox.sent_at} is null
        and ${mailOutbox.failed_at} is null
        and (${mailOutbox.locked_until} is null or ${mailOutbox.locked_until} < now())
      returning ${mailOutbox.campaign_id} as campaign_id
    )
    update ${campaigns} set withdrawn = withdrawn + 1
    where ${campaigns.id} in (select campaign_id from dropped)`);
}
