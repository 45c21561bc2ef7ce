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
  type PgIntegerBuilderInitial,
  type PgTextBuilderInitial,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CompanyRecord } from "../../content/company.ts";
import { leadStatusValues } from "../../content/lead-statuses.ts";
import { type QuoteField, quoteFields } from "../../content/quote-fields.ts";
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

/** A quote detail's column (decision 240): an integer for a `number`, else text; all nullable. */
type DetailColumn<Field extends QuoteField> = Field extends { kind: "number" }
  ? PgIntegerBuilderInitial<Field["name"]>
  : PgTextBuilderInitial<Field["name"], [string, ...string[]]>;

/**
 * The columns of the quote's details as content/quote-fields.ts describes them, each named as
 * the detail: a new detail is a new column here, which its migration adds to the table.
 */
export function detailColumns<const Fields extends readonly QuoteField[]>(fields: Fields) {
  return Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.kind === "number" ? integer(field.name) : text(field.name),
    ]),
  ) as { [Field in Fields[number] as Field["name"]]: DetailColumn<Field> };
}

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
    status: text("status", { enum: leadStatusValues }).notNull().default("nuevo"),
    /** Why a lead was lost (status "perdido"). */
    lost_reason: text("lost_reason"),
    /** The staff member following the lead. */
    assignee_id: integer("assignee_id").references(() => users.id, { onDelete: "set null" }),
    status_changed_at: timestamp("status_changed_at", { withTimezone: true }),
    /** OM-YYYY-NNNNN, given by store_contact (migration 0008); the visitor quotes it. */
    reference: text("reference").unique("contacts_reference_idx"),
    /** The quote request's details, one column each (content/quote-fields.ts; SPEC §7). */
    ...detailColumns(quoteFields),
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
    /**
     * Where the lead came from (migration 0051, decision 260): the first page of the visit, the
     * referring site's domain, the campaign's UTM values, and Google Ads' click ids (only with
     * advertising consent). Each at most 200 printable characters; `source_channel` is worked
     * out from the rest at intake (content/lead-sources.ts).
     */
    landing_page: text("landing_page"),
    referrer_domain: text("referrer_domain"),
    utm_source: text("utm_source"),
    utm_medium: text("utm_medium"),
    utm_campaign: text("utm_campaign"),
    utm_term: text("utm_term"),
    utm_content: text("utm_content"),
    gclid: text("gclid"),
    gbraid: text("gbraid"),
    wbraid: text("wbraid"),
    source_channel: text("source_channel"),
    /** When the lead first reached «Presupuesto enviado» (decision 261). */
    quoted_at: timestamp("quoted_at", { withTimezone: true }),
    /** The visitor's account, for «Mis solicitudes» (decision 263). */
    user_id: integer("user_id").references(() => users.id, { onDelete: "set null" }),
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
    // «Mis solicitudes», and the requests a verified e-mail claims (decision 263).
    index("contacts_user_idx").on(t.user_id, t.created_at).where(sql`${t.user_id} is not null`),
    index("contacts_unclaimed_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.user_id} is null`),
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

/**
 * A photo staff uploaded for the public pages (issue 35; decision 248): a project's, a team
 * member's. Checked and encoded once, at upload (server/site-photos/), to the variants in
 * `sitePhotoFiles`; its size is that of the largest variant.
 */
export const sitePhotos = pgTable(
  "site_photos",
  {
    id: serial("id").primaryKey(),
    /** Of the file as sent: the same file uploaded again is the same photo. */
    original_sha256: bytea("original_sha256").notNull(),
    /** The file's name as staff's device gave it, cleaned. */
    name: text("name").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    uploaded_by: integer("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("site_photos_original_idx").on(t.original_sha256)],
);

/** One encoded variant of a site photo, served at /media/{hash}.{ext} for ever (decision 248). */
export const sitePhotoFiles = pgTable(
  "site_photo_files",
  {
    /** The first 128 bits of the SHA-256 of `bytes`, in hex. */
    hash: text("hash").primaryKey(),
    photo_id: integer("photo_id")
      .notNull()
      .references(() => sitePhotos.id, { onDelete: "cascade" }),
    format: text("format", { enum: ["avif", "webp", "jpeg"] }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [uniqueIndex("site_photo_files_variant_idx").on(t.photo_id, t.format, t.width)],
);

/** A finished project (Obra, decision 249): public once published, never as a draft. */
export const projects = pgTable("projects", {
  id: serial("id").primaryKey(),
  title: text("title").notNull(),
  /** Its address: /obras/{slug}. */
  slug: text("slug").notNull().unique("projects_slug_idx"),
  /** A service's slug from the catalogue (content/services.ts). */
  service: text("service").notNull(),
  city: text("city").notNull(),
  province: text("province").notNull(),
  year: integer("year").notNull(),
  duration: text("duration").notNull(),
  budget_band: text("budget_band"),
  summary: text("summary").notNull(),
  /** Markdown; raw HTML in it is shown as text, never rendered. */
  body: text("body").notNull(),
  featured: boolean("featured").notNull().default(false),
  status: text("status", { enum: ["draft", "published"] })
    .notNull()
    .default("draft"),
  published_at: timestamp("published_at", { withTimezone: true }),
  lead_id: integer("lead_id").references(() => contacts.id, { onDelete: "set null" }),
  photo_consent_by: text("photo_consent_by"),
  photo_consent_at: timestamp("photo_consent_at", { withTimezone: true }),
  photo_consent_staff_id: integer("photo_consent_staff_id").references(() => users.id, {
    onDelete: "set null",
  }),
  preview_token_hash: bytea("preview_token_hash"),
  preview_expires_at: timestamp("preview_expires_at", { withTimezone: true }),
  ...timestamps,
});

/** A project's photos in order, each of a stage, with its alt text; one may be the cover. */
export const projectPhotos = pgTable("project_photos", {
  id: serial("id").primaryKey(),
  project_id: integer("project_id")
    .notNull()
    .references(() => projects.id, { onDelete: "cascade" }),
  photo_id: integer("photo_id")
    .notNull()
    .references(() => sitePhotos.id),
  position: integer("position").notNull(),
  stage: text("stage", { enum: ["antes", "durante", "despues"] }).notNull(),
  alt: text("alt").notNull(),
  cover: boolean("cover").notNull().default(false),
});

/** A client's opinion (decision 251), shown only when published. */
export const reviews = pgTable("reviews", {
  id: serial("id").primaryKey(),
  /** Name or initials, as the client agreed to be named. */
  author: text("author").notNull(),
  city: text("city").notNull(),
  service: text("service").notNull(),
  project_id: integer("project_id").references(() => projects.id, { onDelete: "set null" }),
  rating: integer("rating").notNull(),
  text: text("text").notNull(),
  reviewed_on: date("reviewed_on", { mode: "string" }).notNull(),
  source: text("source").notNull(),
  /** How the client agreed to its publication (a mail of a date, a signed form…). */
  consent_proof: text("consent_proof").notNull(),
  published: boolean("published").notNull().default(false),
  /** A draft's preview link (decision 270): its SHA-256, and until when it opens. */
  preview_token_hash: bytea("preview_token_hash"),
  preview_expires_at: timestamp("preview_expires_at", { withTimezone: true }),
  ...timestamps,
});

/** A member of the team, shown on /team once published. */
export const teamMembers = pgTable("team_members", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  role: text("role").notNull(),
  photo_id: integer("photo_id").references(() => sitePhotos.id),
  bio: text("bio").notNull(),
  position: integer("position").notNull().default(0),
  published: boolean("published").notNull().default(false),
  /** A draft's preview link (decision 270): its SHA-256, and until when it opens. */
  preview_token_hash: bytea("preview_token_hash"),
  preview_expires_at: timestamp("preview_expires_at", { withTimezone: true }),
  ...timestamps,
});

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
    /** A reply's own words, as staff wrote them (decision 257): the lead's conversation. */
    message: text("message"),
    /** The name a reply was signed with (decision 257): kept when the account goes. */
    signer: text("signer"),
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

/**
 * What staff often write to a lead (decision 258): chosen in a lead's reply form, with
 * `{nombre}` and `{referencia}` filled in (server/leads/reply-templates.ts).
 */
export const replyTemplates = pgTable(
  "reply_templates",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** The reply's subject; null keeps the form's «Re: …». */
    subject: text("subject"),
    body: text("body").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("reply_templates_title_unique").on(sql`lower(${t.title})`)],
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

/** Every admin write (server/audit-log.ts): who, what, before and after, never a secret. */
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
  /** A draft's send, scheduled (decision 259): due from this moment. */
  scheduled_at: timestamp("scheduled_at", { withTimezone: true }),
  /** Who scheduled it: the author of the send's audit entry. */
  scheduled_by: integer("scheduled_by").references(() => users.id, { onDelete: "set null" }),
  /** Why a scheduled send could not start (no subscribers): the screen says it. */
  schedule_failure: text("schedule_failure"),
  ...timestamps,
});

/**
 * The quote form's step funnel (migration 0052, decision 264): per office day, service and step,
 * how many visitors got there. Counts only: no visitor, address or device is recorded.
 */
export const quoteFunnel = pgTable(
  "quote_funnel",
  {
    day: date("day", { mode: "string" }).notNull(),
    service: text("service").notNull(),
    step: text("step").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ name: "quote_funnel_pk", columns: [t.day, t.service, t.step] })],
);

/**
 * One row: the version of what staff publish for the public pages (migration 0038, decision
 * 244). Bumped by server/site-content/version.ts's siteContentChanged, never written otherwise.
 */
export const siteContentVersion = pgTable("site_content_version", {
  id: integer("id").primaryKey().default(1),
  version: bigint("version", { mode: "number" }).notNull().default(1),
  changed_at: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
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

/**
 * The company record of the admin's «Empresa» (migration 0039, decision 245): one row; `facts`
 * null until the first save (content/company.ts's defaults are shown).
 */
export const companyRecord = pgTable("company_record", {
  id: integer("id").primaryKey().default(1),
  facts: jsonb("facts").$type<CompanyRecord>(),
  ...timestamps,
});
