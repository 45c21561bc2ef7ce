import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { blockedConsentYears } from "../../../content/newsletter.ts";
import { blockedConsents, inFull, mailOutbox, subscriptions } from "../../db/schema.ts";
import { email } from "../../fields.ts";
import { deleteCopies } from "../../mail/outbox.ts";
import { blockConsentProof } from "../../newsletter/subscriptions.ts";
import { defineResource, type FormInput } from "../resource.ts";

export const subscriptionEmail = email("Correo electrónico", { required: true });

/** True for a row whose address is not `email` in any letter case: another person's (155). */
const readdressedTo = (email: unknown) =>
  sql`lower(${subscriptions.email}) <> lower(${email}::text)`;

/**
 * Only the person can consent (decision 155): a subscription staff create, or whose address
 * staff change, is pending with no proof of consent and no link, so it is never mailed until
 * that person subscribes from the site and confirms.
 */
function staffWrittenColumns(input: FormInput, action: "create" | "update") {
  if (action === "create") return { email: input.email, consent_at: null };
  if (input.email === undefined) return {};
  const readdressed = readdressedTo(input.email);
  const unlessReaddressed = (column: PgColumn, otherwise: SQL | null = null) =>
    sql`case when ${readdressed} then ${otherwise} else ${column} end`;
  return {
    email: input.email,
    status: unlessReaddressed(subscriptions.status, sql`'pending'`),
    consent_at: unlessReaddressed(subscriptions.consent_at),
    consent_version: unlessReaddressed(subscriptions.consent_version),
    consent_text: unlessReaddressed(subscriptions.consent_text),
    consent_page: unlessReaddressed(subscriptions.consent_page),
    consent_ip: unlessReaddressed(subscriptions.consent_ip),
    confirm_token_hash: unlessReaddressed(subscriptions.confirm_token_hash),
    confirmed_at: unlessReaddressed(subscriptions.confirmed_at),
    unsubscribe_token: unlessReaddressed(subscriptions.unsubscribe_token),
    unsubscribed_at: unlessReaddressed(subscriptions.unsubscribed_at),
  };
}

/** A subscription's statuses as staff read them: in the list, its details and the filter. */
const statuses = [
  { value: "pending", title: "Pendiente" },
  { value: "confirmed", title: "Confirmada" },
  { value: "unsubscribed", title: "Baja" },
];

const statusLabel = sql<string>`case ${subscriptions.status} ${sql.join(
  statuses.map(({ value, title }) => sql`when ${value} then ${title}`),
  sql` `,
)} end`;

/**
 * Until when something of this address is kept blocked (decision 168): the proof of a consent
 * that ended, and an unsubscribed row itself, each for `blockedConsentYears` after its end; the
 * hourly sweep deletes them then. Staff read that data is blocked and until when, never the
 * blocked proof itself: LOPDGDD art. 32.2 keeps blocked data from being shown, except to a
 * court or an authority, which the operator answers (docs/operations.md).
 */
const blockedUntil = sql<Date | null>`(
  select greatest(max(blocked.ended_at),
    case when ${inFull(subscriptions.status)} = 'unsubscribed'
      then ${inFull(subscriptions.unsubscribed_at)} end)
    + make_interval(years => ${blockedConsentYears})
  from ${blockedConsents} as blocked
  where lower(blocked.email) = lower(${inFull(subscriptions.email)}))`.mapWith(
  subscriptions.unsubscribed_at,
);

/**
 * Subscriptions with their status and proof of consent (decision 101), never their link
 * tokens; the list shows the proof's date, page and version, a record's detail and the CSV also
 * the text accepted and the client address (decision 104). An unsubscribed row holds
 * no proof: a consent that ended is kept blocked apart, and the list says until when (decision
 * 168). Deleting one erases the person's data (decision 104): the row and the copies of every
 * newsletter mail sent to it, with their mail files (decision 188); only the proof of a confirmed consent is kept, blocked, as after
 * an unsubscribe (LOPDGDD art. 32.1 has an erasure block what a claim may need; decision 168).
 */
export const subscriptionsResource = defineResource({
  key: "subscriptions",
  title: "Suscripciones",
  table: subscriptions,
  routes: ["create", "update", "delete"],
  erasure: true,
  fields: { email: subscriptionEmail },
  async toColumns(input, action) {
    return staffWrittenColumns(input, action);
  },
  // A confirmed consent that staff end keeps its proof, blocked, like one its person ends.
  async beforeUpdate(db, id, input) {
    if (input.email === undefined) return;
    const readdressed = and(eq(subscriptions.id, id), readdressedTo(input.email)) as SQL;
    await blockConsentProof(db, readdressed, "readdressed");
  },
  async beforeDelete(db, ids) {
    await blockConsentProof(db, inArray(subscriptions.id, [...ids]), "erasure");
    // The copies by hand rather than by the cascade, which would not say their files (188).
    return deleteCopies(db, inArray(mailOutbox.subscription_id, [...ids]));
  },
  list: [
    "email",
    "status_label",
    "consent_at",
    "consent_page",
    "consent_version",
    "confirmed_at",
    "unsubscribed_at",
    "blocked_until",
    "created_at",
  ],
  // Beside the navigation a 1440 px screen leaves the table about 1150 px: the page and version
  // of the text accepted (the proof's details, on each record's page too) wait for a wider one.
  tableLayout: { wide: ["consent_page", "consent_version"] },
  columns: {
    status_label: "Estado",
    consent_at: "Consentimiento",
    consent_page: "Página",
    consent_version: "Versión del texto",
    confirmed_at: "Confirmada",
    unsubscribed_at: "Baja",
    blocked_until: "Datos bloqueados hasta",
    created_at: "Fecha de alta",
    // Not in the list: in the detail and the CSV, the rest of the proof of consent.
    consent_text: "Texto aceptado",
    consent_ip: "Dirección IP",
  },
  // The code is for the screens; staff read "Estado" (status_label) once in the CSV.
  notExported: ["status"],
  select: {
    id: subscriptions.id,
    email: subscriptions.email,
    status: subscriptions.status,
    status_label: statusLabel.as("status_label"),
    consent_at: subscriptions.consent_at,
    consent_page: subscriptions.consent_page,
    consent_version: subscriptions.consent_version,
    consent_text: subscriptions.consent_text,
    consent_ip: subscriptions.consent_ip,
    confirmed_at: subscriptions.confirmed_at,
    unsubscribed_at: subscriptions.unsubscribed_at,
    blocked_until: blockedUntil.as("blocked_until"),
    created_at: subscriptions.created_at,
    updated_at: subscriptions.updated_at,
  },
  unique: { field: "email", message: "Este correo electrónico ya está suscrito." },
  // Staff export the confirmed subscribers: ?status=confirmed on the list and its export.
  filters: {
    status: {
      kind: "choice",
      title: "Estado",
      on: subscriptions.status,
      options: statuses,
    },
    created: { kind: "date", title: "Fecha de alta", on: subscriptions.created_at },
  },
});
