// Newsletter campaigns (decisions 102-104): render, preview, test send, and the send itself,
// which queues one outbox row per confirmed subscription in one INSERT … SELECT, each row
// scheduled by the configured rate. The outbox worker delivers them as they fall due; a
// restart resumes where it stopped, and the unique (campaign, subscription) index means
// nobody is queued twice.
import { and, desc, eq, gt, lte, ne, sql } from "drizzle-orm";
import { company } from "../../content/company.ts";
import { officeDateTime } from "../../content/office-clock.ts";
import { timeAgo } from "../../content/time-ago.ts";
import { type AuditActor, recordAudit } from "../audit-log.ts";
import type { UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import { campaigns, mailOutbox } from "../db/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail } from "../http-errors.ts";
import { headerSafe, renderMail } from "../mail/layout.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { queueMail } from "../mail/outbox.ts";
import { unsubscribeHeaders } from "./mails.ts";
import { markdownToMailHtml } from "./markdown.ts";
import { unsubscribeLinks } from "./subscriptions.ts";

export type Campaign = typeof campaigns.$inferSelect;

/** What a campaign is written as: the two fields of its admin form. */
export interface CampaignContent {
  subject: string;
  body: string;
}

/**
 * Stands for a subscription's unsubscribe token in a campaign rendered once for everyone. A
 * control character: no subject or body can contain one (server/validation.ts), so the SQL
 * replace() that puts each subscriber's token in can only touch the links.
 */
const tokenSlot = "\u0001token\u0001";

/**
 * A test mail's links: not a real token (those are 43 characters), so they change nothing; the
 * unsubscribe page and the one-click address tell staff so (decision 102).
 */
export const testToken = "prueba";

/** The mail one subscriber gets, with that subscriber's unsubscribe links and headers. */
export function campaignMail(
  campaign: CampaignContent,
  to: string,
  appUrl: string,
  token: string,
): MailMessage {
  const links = unsubscribeLinks(appUrl, token);
  return {
    ...renderMail({
      to,
      subject: campaign.subject,
      greeting: "Hola:",
      paragraphs: [],
      rendered: { html: markdownToMailHtml(campaign.body), text: campaign.body },
      unsubscribe: links.page,
      // A subscriber who answers a campaign reaches the office, not the no-reply sender
      // (decision 102).
      replyTo: company.email,
    }),
    headers: unsubscribeHeaders(links),
  };
}

/** Preview: the HTML and text a subscriber would get (with a made-up unsubscribe link). */
export function previewCampaign(campaign: CampaignContent, appUrl: string) {
  const mail = campaignMail(campaign, "suscriptor@example.com", appUrl, testToken);
  return { subject: mail.subject, html: mail.html, text: mail.text };
}

export async function findCampaign(db: Database, id: number): Promise<Campaign | undefined> {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/**
 * To the addresses staff typed (at most 5, decision 259; by default their own), through the
 * outbox; the subject says it is a test. Each mail is queued with its audit entry in one
 * transaction (decision 205): who tried which campaign, on which address, and its mail.
 */
export async function sendTestMail(
  { db, mail, env }: Pick<Dependencies, "db" | "mail" | "env">,
  campaign: Campaign,
  actor: UserView,
  recipients: readonly string[] = [actor.email],
): Promise<void> {
  const subject = `[Prueba] ${campaign.subject}`;
  await db.transaction(async (tx) => {
    for (const to of recipients) {
      const mailId = await queueMail(
        tx,
        campaignMail({ ...campaign, subject }, to, env.APP_URL, testToken),
      );
      await recordAudit(tx, actor, {
        action: "test_send",
        resource: "campaigns",
        recordId: campaign.id,
        recordTitle: campaign.subject,
        details: { mail_id: mailId, to },
      });
    }
  });
  void mail.flush();
}

/** Who a campaign goes to: confirmed subscriptions, each with its own unsubscribe link. */
const mailable = sql`status = 'confirmed' and unsubscribe_token is not null`;

/** How many a send would reach now: the campaign screen says it before staff press send. */
export async function countRecipients(db: Database): Promise<number> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as recipients from subscriptions where ${mailable}`,
  )) as unknown as { rows: { recipients: number }[] };
  return rows[0]?.recipients ?? 0;
}

export interface SendResult {
  queued: number;
}

/**
 * The consent text promises "como mucho una vez al mes": a send this many days or fewer after
 * the last needs staff to confirm it (`confirm_frequency`), having been warned (decision
 * 103).
 */
export const minimumDaysBetweenSends = 30;

/** The last campaign sent less than `minimumDaysBetweenSends` days ago, other than `id`. */
export async function recentSend(
  db: Pick<Database, "select">,
  id: number,
): Promise<Pick<Campaign, "id" | "subject" | "send_started_at"> | undefined> {
  const [row] = await db
    .select({
      id: campaigns.id,
      subject: campaigns.subject,
      send_started_at: campaigns.send_started_at,
    })
    .from(campaigns)
    .where(
      and(
        ne(campaigns.id, id),
        gt(
          campaigns.send_started_at,
          sql`now() - make_interval(days => ${minimumDaysBetweenSends})`,
        ),
      ),
    )
    .orderBy(desc(campaigns.send_started_at))
    .limit(1);
  return row;
}

/** Sends are one at a time, so that two at once cannot both find no recent send. */
const sendLock = 103_030;

/**
 * Queues the campaign for every confirmed subscription, once: the draft → sending step and the
 * INSERT … SELECT share a transaction, so a second click (or a second instance) finds the
 * campaign no longer a draft and queues nothing. Row n (from 0) is due n × 60/rate seconds
 * from now: the outbox worker, which only takes due rows, delivers at the configured rate.
 * The audit entry (who, how many queued; when is its date) is written in the same transaction
 * (decision 205): a send that is refused or rolls back leaves none.
 */
export async function sendCampaign(
  deps: Pick<Dependencies, "db" | "env" | "mail">,
  id: number,
  actor: AuditActor,
  options: { confirmFrequency?: boolean } = {},
): Promise<SendResult> {
  const result = await startSend(deps, id, actor, options);
  if (!result) {
    fail(409, {
      title: "Campaña ya enviada",
      message: "Esta campaña ya se ha enviado o se está enviando; no se envía dos veces.",
    });
  }
  return result;
}

/**
 * `sendCampaign`'s work; answers undefined when the campaign is no longer a draft (sent by a
 * colleague, or by another instance) or, for `due` (a scheduled send, decision 259), not yet
 * due or no longer scheduled. The draft → sending step is the claim: whoever makes it sends.
 */
export async function startSend(
  { db, env, mail }: Pick<Dependencies, "db" | "env" | "mail">,
  id: number,
  actor: AuditActor,
  { confirmFrequency = false, due = false }: { confirmFrequency?: boolean; due?: boolean } = {},
): Promise<SendResult | undefined> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${sendLock})`);
    const [campaign] = await tx
      .update(campaigns)
      .set({
        status: "sending",
        send_started_at: sql`now()`,
        // A send now replaces any schedule; a scheduled one has happened.
        scheduled_at: null,
        schedule_failure: null,
      })
      .where(
        and(
          eq(campaigns.id, id),
          eq(campaigns.status, "draft"),
          due ? lte(campaigns.scheduled_at, sql`now()`) : undefined,
        ),
      )
      .returning();
    if (!campaign) return undefined;
    // At most one a month, as the consent text says, unless staff confirmed it after the
    // screen's warning. The throw undoes the draft → sending step.
    const recent = confirmFrequency ? undefined : await recentSend(tx, id);
    if (recent?.send_started_at) {
      fail(409, {
        title: "Campaña demasiado seguida",
        message: `La última campaña, «${recent.subject}», se envió el ${officeDateTime.format(recent.send_started_at)} (${timeAgo(recent.send_started_at)}), y al suscribirse se promete como mucho un correo al mes. Esta campaña no se ha enviado y sigue en borrador; si aun así debe salir ahora, confírmalo al enviarla.`,
      });
    }
    const template = campaignMail(campaign, "", env.APP_URL, tokenSlot);
    const secondsApart = 60 / env.NEWSLETTER_RATE_PER_MINUTE;
    const oneClick = unsubscribeLinks(env.APP_URL, "").oneClick;
    const { rows } = (await tx.execute(sql`
      with recipients as (
        select id, email, unsubscribe_token, row_number() over (order by id) - 1 as n
        from subscriptions
        where ${mailable}
      )
      insert into ${mailOutbox} (campaign_id, subscription_id, "to", subject, reply_to, text, html,
        headers, next_attempt_at, due_at)
      select ${campaign.id}, r.id, r.email, ${headerSafe(template.subject)},
        ${template.replyTo ? headerSafe(template.replyTo) : null},
        replace(${template.text}, ${tokenSlot}, r.unsubscribe_token),
        replace(${template.html}, ${tokenSlot}, r.unsubscribe_token),
        jsonb_build_object(
          'List-Unsubscribe', '<' || ${oneClick} || r.unsubscribe_token || '>',
          'List-Unsubscribe-Post', 'List-Unsubscribe=One-Click'),
        now() + make_interval(secs => r.n * ${secondsApart}::double precision),
        -- Its turn: a mail waiting for it is not late (/readyz's "stuck", decision 173).
        now() + make_interval(secs => r.n * ${secondsApart}::double precision)
      from recipients r
      on conflict (campaign_id, subscription_id) do nothing
      returning 1`)) as unknown as { rows: unknown[] };
    // A send to nobody would spend the draft: refuse it, and the throw undoes the step.
    if (rows.length === 0) {
      fail(409, {
        title: "Sin destinatarios",
        message:
          "No hay suscriptores confirmados. La campaña no se ha enviado y sigue en borrador.",
      });
    }
    await recordAudit(tx, actor, {
      action: "send",
      resource: "campaigns",
      recordId: campaign.id,
      recordTitle: campaign.subject,
      affected: rows.length,
      // Staff were told the last send was under 30 days ago and sent anyway (decision 103).
      details: { queued: rows.length, ...(confirmFrequency ? { confirm_frequency: true } : {}) },
    });
    return { queued: rows.length };
  });
  if (result) void mail.flush();
  return result;
}

export interface CampaignCounts {
  /**
   * Mails queued at the send (minus those of people erased since): those still in the outbox,
   * and those dropped because their person unsubscribed before delivery (`withdrawn`).
   */
  queued: number;
  sent: number;
  /** Not yet delivered, after at least one failed attempt (the outbox keeps retrying). */
  failed: number;
  /** Refused for good by the mail server (550: no such mailbox); never tried again. */
  refused: number;
  /** Not yet due, or due and not yet taken. */
  waiting: number;
  /**
   * Recipients of this campaign who have unsubscribed since it was sent: after its mail, or
   * before it, which dropped the mail (`withdrawn`).
   */
  unsubscribed: number;
}

/**
 * Once every mail of a sending campaign has gone out, it is sent. A mail refused for good is as
 * done as it will ever be (decision 173): it no longer holds the campaign in "sending".
 */
async function markSentIfDone(db: Database, id: number): Promise<void> {
  await db.execute(sql`
    update ${campaigns} set status = 'sent', updated_at = now(),
      sent_at = coalesce((select max(sent_at) from ${mailOutbox} where campaign_id = ${id}), now())
    where id = ${id} and status = 'sending'
      and not exists (select 1 from ${mailOutbox}
        where campaign_id = ${id} and sent_at is null and failed_at is null)`);
}

export async function campaignCounts(db: Database, campaign: Campaign): Promise<CampaignCounts> {
  const { rows } = (await db.execute(sql`
    select count(*)::int + ${campaign.withdrawn}::int as queued,
      count(o.sent_at)::int as sent,
      (count(*) filter (where o.sent_at is null and o.failed_at is null and o.attempts > 0))::int
        as failed,
      count(o.failed_at)::int as refused,
      (count(*) filter (where o.sent_at is null and o.attempts = 0))::int as waiting,
      (count(*) filter (where s.status = 'unsubscribed'
        and s.unsubscribed_at >= ${campaign.send_started_at ?? new Date()}))::int
        + ${campaign.withdrawn}::int as unsubscribed
    from ${mailOutbox} o left join subscriptions s on s.id = o.subscription_id
    where o.campaign_id = ${campaign.id}`)) as unknown as { rows: CampaignCounts[] };
  return rows[0] ?? { queued: 0, sent: 0, failed: 0, refused: 0, waiting: 0, unsubscribed: 0 };
}

/** A campaign with its counts, and its status brought up to date. */
export async function campaignSummary(db: Database, id: number) {
  let campaign = await findCampaign(db, id);
  if (!campaign) return undefined;
  if (campaign.status === "sending") {
    await markSentIfDone(db, id);
    campaign = (await findCampaign(db, id)) ?? campaign;
  }
  const counts = await campaignCounts(db, campaign);
  // A draft's would-be audience; once sent, the counts say who it went to.
  const draft = campaign.status === "draft";
  const recipients = draft ? await countRecipients(db) : null;
  // What the screen warns of before a send that would break "como mucho una vez al mes".
  const recent = draft ? ((await recentSend(db, id)) ?? null) : null;
  return { campaign, counts, recipients, recent };
}
