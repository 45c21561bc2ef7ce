import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { MailHeaders } from "../mail/mailer.ts";

const timestamps = {
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

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
  },
  (t) => [index("access_tokens_user_idx").on(t.user_id)],
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
  (t) => [index("one_time_tokens_user_idx").on(t.user_id, t.purpose)],
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
  },
  // Finds a repeat of a message (api/contacts.ts) without reading every message ever sent; a
  // hash index, since a message may be longer than a B-tree entry allows.
  (t) => [index("contacts_message_idx").using("hash", t.message)],
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
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_pending_idx").on(t.next_attempt_at).where(sql`${t.sent_at} is null`)],
);
