import { getTableName, sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { MailHeaders, MailKind } from "../mail/mailer.ts";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * PostgreSQL's bytea, as a Buffer on both drivers. Written as it is, a binary parameter on both
 * drivers (node-postgres does so with a Buffer; PGlite through `pgliteSerializers`, client.ts):
 * no copy of it as text (decision 151). Large values are read with `base64Of` (a plain read
 * answers a Buffer on node-postgres and a Uint8Array on PGlite, parsed from hex: a view of it
 * is made, nothing is copied).
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** A bytea column read as base64 text (see `bytea`): `Buffer.from(text, "base64")`. */
export const base64Of = (column: PgColumn) => sql<string>`encode(${column}, 'base64')`;

/**
 * A column named with its table, always. Drizzle writes a one-table query's columns without
 * their table, so inside a subquery on another table a column of the outer row could name the
 * inner table's column of the same name (decision 168).
 */
export const inFull = (column: PgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** SPEC §6: super_admin, admin, guest_user; seeded by migration. */
export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  label: text("label").notNull(),
});

/** One permission per admin resource; `key` equals the {resource} of /admin/{resource}. */
export const permissions = pgTable("permissions", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
});

export const rolePermissions = pgTable(
  "role_permissions",
  {
    role_id: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permission_id: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Always stored lower-cased; the index below also guards against any other writer. */
    email: text("email").notNull(),
    password_hash: text("password_hash").notNull(),
    email_verified_at: timestamp("email_verified_at", { withTimezone: true }),
    role_id: integer("role_id")
      .notNull()
      .references(() => roles.id),
    /**
     * When the holder accepted the terms and the privacy policy at sign-up, and which version
     * (content/account-fields.ts); both null when nobody did (staff-made, or made before):
     * migration 0011's users_terms_acceptance_check holds them together.
     */
    terms_accepted_at: timestamp("terms_accepted_at", { withTimezone: true }),
    terms_version: text("terms_version"),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`)],
);

/** Bearer tokens: only the SHA-256 of the token is stored. */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: text("token_hash").notNull().unique(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the token was last seen, written at most every few minutes (decision 221): the session
     * list's «Último uso». Writing it announces nothing to the session caches (migration 0035).
     */
    last_used_at: timestamp("last_used_at", { withTimezone: true }),
    /** The browser that signed in, in words ("Chrome en Windows"); never the whole User-Agent. */
    browser: text("browser"),
  },
  (t) => [
    index("access_tokens_user_idx").on(t.user_id),
    // The retention sweep deletes tokens past their expiry (decision 183).
    index("access_tokens_expires_idx").on(t.expires_at),
  ],
);

/**
 * A staff member's authenticator (decision 220): the TOTP secret, base32 as the app was given
 * it. `confirmed_at` null while enrolment waits for the first code. `last_time_step`: the time
 * step of the last code taken; only a later one is taken next (no replay within the window).
 * No admin resource reads this table.
 */
export const twoFactorSecrets = pgTable("two_factor_secrets", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
  last_time_step: bigint("last_time_step", { mode: "number" }),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Ten single-use recovery codes per account, stored as SHA-256 (decision 220). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code_hash: text("code_hash").notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_idx").on(t.user_id, t.code_hash)],
);

/**
 * The step between a password accepted and the code (decision 220): short-lived, single-use,
 * stored as SHA-256; `attempts` counts the wrong codes sent with it.
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    challenge_hash: text("challenge_hash").notNull().unique(),
    remember: boolean("remember").notNull().default(false),
    attempts: integer("attempts").notNull().default(0),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_challenges_user_idx").on(t.user_id)],
);

/** Browsers a staff member signed in from, by the SHA-256 of the id each keeps (decision 221). */
export const staffBrowsers = pgTable(
  "staff_browsers",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    browser_hash: text("browser_hash").notNull(),
    first_seen_at: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    last_seen_at: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.browser_hash] })],
);

/** Single-use tokens for e-mail verification and password reset, hashed, 60 minutes. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
    token_hash: text("token_hash").notNull().unique(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("one_time_tokens_user_idx").on(t.user_id, t.purpose),
    // Spent: used, or expired unused (a link is used before it expires). The retention sweep
    // deletes them (decision 183).
    index("one_time_tokens_spent_idx").on(sql`coalesce(${t.used_at}, ${t.expires_at})`),
  ],
);

export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** Set by staff in the admin area once the message has been answered. */
    handled: boolean("handled").notNull().default(false),
    ...timestamps,
    /** The lead pipeline (server/admin/leads.ts); `handled` is kept equal to status <> 'nuevo'. */
    status: text("status", {
      enum: ["nuevo", "contactado", "visita", "presupuesto_enviado", "ganado", "perdido"],
    })
      .notNull()
      .default("nuevo"),
    /** Why a lead was lost (status "perdido"). */
    lost_reason: text("lost_reason"),
    /** The staff member following the lead. */
    assignee_id: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    status_changed_at: timestamp("status_changed_at", { withTimezone: true }),
    /** OM-YYYY-NNNNN, given by store_contact (migration 0008); the visitor quotes it. */
    reference: text("reference").unique("contacts_reference_idx"),
    /** The quote request's details (content/quote-request.ts); all optional (SPEC §7). */
    service: text("service"),
    area: text("area"),
    postcode: text("postcode"),
    property_type: text("property_type"),
    surface_m2: integer("surface_m2"),
    budget: text("budget"),
    start_window: text("start_window"),
    contact_channel: text("contact_channel"),
    contact_time: text("contact_time"),
    /**
     * When the retention sweep erased the lead's personal data (migration 0015, decision 179):
     * what is left says what was asked and how it ended, not who asked. Null while it holds them.
     */
    erased_at: timestamp("erased_at", { withTimezone: true }),
    /**
     * No confirmation was sent: its mailbox had had its day's (migration 0019, decision 205).
     * Read as the confirmation's state «retenido» (server/mail/lead-mails.ts), never shown itself.
     */
    confirmation_withheld: boolean("confirmation_withheld").notNull().default(false),
    /** What a won lead is worth, in euros (migration 0045, decision 253): asked when it is marked
     * «Ganado», optional, never negative. */
    won_amount: numeric("won_amount", { precision: 12, scale: 2, mode: "number" }),
    /** «Volver a contactar el …» (migration 0046, decision 255): a Madrid day, and a short note. */
    follow_up_on: date("follow_up_on"),
    follow_up_note: text("follow_up_note"),
  },
  // Finds a repeat of a message (api/contacts.ts) without reading every message ever sent; a
  // hash index, since a message may be longer than a B-tree entry allows.
  (t) => [
    index("contacts_message_idx").using("hash", t.message),
    index("contacts_status_created_idx").on(t.status, t.created_at, t.id),
    index("contacts_created_idx").on(t.created_at, t.id),
    index("contacts_follow_up_idx").on(t.follow_up_on).where(sql`${t.follow_up_on} is not null`),
  ],
);

/**
 * Photos and plans attached to a quote request (issue 12; decision 131): only the re-encoded
 * image (no metadata, at most 2560 px) and its 400 px thumbnail, stored in the lead's own
 * transaction and deleted with it. Staff see them through /api/admin/contacts/photos/{id}.
 */
export const leadPhotos = pgTable(
  "lead_photos",
  {
    id: serial("id").primaryKey(),
    contact_id: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    /** 1, 2, …: the order the visitor chose. */
    position: integer("position").notNull(),
    /** The file's name as the visitor's device gave it, cleaned (server/leads/photos.ts). */
    name: text("name").notNull(),
    /** Of both `bytes` and `thumbnail`. */
    content_type: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    thumbnail: bytea("thumbnail").notNull(),
    /** Of the file as sent: a repeated request adds only the photos not yet kept. */
    original_sha256: bytea("original_sha256").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("lead_photos_contact_position_idx").on(t.contact_id, t.position)],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased; subscribing twice in any letter case keeps one row. */
    email: text("email").notNull(),
    /** Double opt-in (server/newsletter/): only confirmed subscriptions are ever mailed. */
    status: text("status", { enum: ["pending", "confirmed", "unsubscribed"] })
      .notNull()
      .default("pending"),
    /** Proof of consent: when, which text (and its version), from which page and address. */
    consent_at: timestamp("consent_at", { withTimezone: true }).defaultNow(),
    consent_version: text("consent_version"),
    consent_text: text("consent_text"),
    consent_page: text("consent_page"),
    consent_ip: text("consent_ip"),
    /** Hash of the pending confirmation link's token; cleared once used. */
    confirm_token_hash: text("confirm_token_hash"),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
    /** Stored as is: every campaign mail carries it in its unsubscribe link. */
    unsubscribe_token: text("unsubscribe_token"),
    unsubscribed_at: timestamp("unsubscribed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("subscriptions_email_lower_unique").on(sql`lower(${t.email})`),
    uniqueIndex("subscriptions_confirm_token_unique").on(t.confirm_token_hash),
    uniqueIndex("subscriptions_unsubscribe_token_unique").on(t.unsubscribe_token),
    index("subscriptions_pending_idx").on(t.consent_at).where(sql`${t.status} = 'pending'`),
    index("subscriptions_confirmed_idx").on(t.id).where(sql`${t.status} = 'confirmed'`),
    index("subscriptions_unsubscribed_idx")
      .on(t.unsubscribed_at)
      .where(sql`${t.status} = 'unsubscribed'`),
  ],
);

/**
 * The proof of a confirmed newsletter consent that has ended (migration 0013, decision 168),
 * blocked: never mailed, never shown as a subscriber, kept only to show that the mails sent
 * under it had consent, and deleted `blockedConsentYears` after it ended (the hourly sweep,
 * server/newsletter/subscriptions.ts). By address: it outlives its subscription's row.
 */
export const blockedConsents = pgTable(
  "blocked_consents",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    consent_at: timestamp("consent_at", { withTimezone: true }),
    consent_version: text("consent_version"),
    consent_text: text("consent_text"),
    consent_page: text("consent_page"),
    consent_ip: text("consent_ip"),
    confirmed_at: timestamp("confirmed_at", { withTimezone: true }),
    /** When the consent ended, and how (see `ConsentEnd` in server/newsletter/subscriptions.ts). */
    ended_at: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
    ended_by: text("ended_by", {
      enum: ["page", "one_click", "erasure", "readdressed"],
    }).notNull(),
  },
  (t) => [
    index("blocked_consents_email_idx").on(sql`lower(${t.email})`),
    index("blocked_consents_ended_idx").on(t.ended_at),
  ],
);

/**
 * Every e-mail is written here first and sent by the outbox worker, so an SMTP outage
 * delays mail but never loses it. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
 * instances sharing one database send each message once.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    /** Where the recipient's Reply goes (a lead's notice: the visitor); null = the sender. */
    reply_to: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** Extra headers, e.g. List-Unsubscribe (names limited by server/mail/mailer.ts). */
    headers: jsonb("headers").$type<MailHeaders>(),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp("locked_until", { withTimezone: true }),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    last_error: text("last_error"),
    /**
     * The last attempt failed for the mail server's sake (no answer; the connection, login or
     * sender refused), not this message's: the next delivery that succeeds makes it due at once.
     */
    server_failure: boolean("server_failure").notNull().default(false),
    /** Refused for good (a 5xx to its recipient or content): never tried again, not "stuck". */
    failed_at: timestamp("failed_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it was meant to go: when queued, or its turn in a campaign's schedule. */
    due_at: timestamp("due_at", { withTimezone: true }).notNull().defaultNow(),
    /** The campaign a newsletter mail belongs to (server/newsletter/campaigns.ts). */
    campaign_id: integer("campaign_id").references(() => campaigns.id, { onDelete: "set null" }),
    /** The subscription a newsletter mail went to: erasing it erases the mail's copy. */
    subscription_id: integer("subscription_id").references(() => subscriptions.id, {
      onDelete: "cascade",
    }),
    /**
     * The lead a mail is about (its notice, its confirmation): named in its log lines. Its copy
     * goes with the lead's personal data: staff deleting the lead (the resource's beforeDelete)
     * or the retention sweep erasing it (decision 179). Set null by any other deletion, it is
     * then a copy of no lead, deleted `mailCopyDays` after it went.
     */
    contact_id: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /**
     * What the mail is to its lead (decision 187): its notice to the office, its confirmation to
     * the visitor, or a reply staff wrote from its page. Null for every other mail.
     */
    kind: text("kind").$type<MailKind>(),
    /** The member of staff who wrote a reply; null once their account is deleted. */
    sent_by: integer("sent_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * The .eml file the mail was written to (no SMTP_URL), by its name in DATA_DIR/mail: when
     * the row goes with its lead's or subscription's data, the file goes too (decision 188).
     */
    file: text("file"),
  },
  (t) => [
    index("mail_outbox_pending_idx")
      .on(t.next_attempt_at)
      .where(sql`${t.sent_at} is null and ${t.failed_at} is null`),
    index("mail_outbox_failed_idx").on(t.failed_at).where(sql`${t.failed_at} is not null`),
    index("mail_outbox_contact_idx").on(t.contact_id).where(sql`${t.contact_id} is not null`),
    uniqueIndex("mail_outbox_campaign_subscription_unique").on(t.campaign_id, t.subscription_id),
    index("mail_outbox_subscription_idx").on(t.subscription_id),
    index("mail_outbox_server_failure_idx")
      .on(t.next_attempt_at)
      .where(sql`${t.server_failure} and ${t.sent_at} is null`),
    // The copies the retention sweep deletes by age: those of no lead and no subscription.
    index("mail_outbox_other_copies_idx")
      .on(sql`coalesce(${t.sent_at}, ${t.failed_at})`)
      .where(sql`${t.contact_id} is null and ${t.subscription_id} is null`),
  ],
);

/** Internal notes on an admin record (a lead's timeline), by resource key and record id. */
export const adminNotes = pgTable(
  "admin_notes",
  {
    id: serial("id").primaryKey(),
    resource: text("resource").notNull(),
    record_id: integer("record_id").notNull(),
    author_id: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept when the author's account is deleted. */
    author_name: text("author_name").notNull(),
    body: text("body").notNull(),
    ...timestamps,
  },
  (t) => [index("admin_notes_record_idx").on(t.resource, t.record_id, t.created_at)],
);

/** Every admin write (server/admin/audit.ts): who, what, before and after, never a secret. */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: serial("id").primaryKey(),
    actor_id: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actor_name: text("actor_name").notNull(),
    actor_email: text("actor_email").notNull(),
    action: text("action").notNull(),
    resource: text("resource").notNull(),
    record_id: integer("record_id"),
    record_title: text("record_title"),
    /** How many records the write touched (a bulk action, an export's rows). */
    affected: integer("affected").notNull().default(1),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ...timestamps,
  },
  (t) => [
    index("admin_audit_record_idx").on(t.resource, t.record_id, t.created_at),
    index("admin_audit_created_idx").on(t.created_at, t.id),
  ],
);

/** The last reference number given per year (migration 0008, store_contact). */
export const leadReferences = pgTable("lead_references", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

/** A newsletter campaign (decision 102): Markdown, sent once to every confirmed subscription. */
export const campaigns = pgTable("campaigns", {
  id: serial("id").primaryKey(),
  subject: text("subject").notNull(),
  /** Markdown; raw HTML in it is shown as text, never rendered. */
  body: text("body").notNull(),
  status: text("status", { enum: ["draft", "sending", "sent"] })
    .notNull()
    .default("draft"),
  /** When the send was queued: unsubscribes after it count against the campaign. */
  send_started_at: timestamp("send_started_at", { withTimezone: true }),
  /** When the last of its mails was delivered. */
  sent_at: timestamp("sent_at", { withTimezone: true }),
  /**
   * Its mails dropped before delivery because their person unsubscribed during the send: they
   * were recipients, and count among the campaign's queued and unsubscribed (decision 103).
   */
  withdrawn: integer("withdrawn").notNull().default(0),
  ...timestamps,
});

/**
 * The counts a staff member's home showed on a day, the last of that day (migration 0045,
 * decision 253): the next day's home says what changed since.
 */
export const staffHomeCounts = pgTable(
  "staff_home_counts",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    counts: jsonb("counts").$type<Record<string, number>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.day] })],
);
