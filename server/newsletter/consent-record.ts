// What the newsletter holds about one address, the blocked proofs of ended consents included
// (decision 168): what `npm run newsletter:consent -- EMAIL` prints, for a court or the data
// protection authority that asks the company to show a mail had consent (GDPR art. 7.1), or
// for the person who asks what is kept about them (art. 15). Staff never read blocked proofs in
// the admin (LOPDGDD art. 32.2): only whoever runs the server's commands can.
import { asc, eq, sql } from "drizzle-orm";
import { blockedConsentYears } from "../../content/newsletter.ts";
import type { Database } from "../db/client.ts";
import { blockedConsents, subscriptions } from "../db/schema.ts";
import type { ConsentEnd } from "./subscriptions.ts";

/** How each way a consent ends is told to whoever reads the record. */
export const consentEndTitles: Record<ConsentEnd, string> = {
  page: "Se dio de baja en la página de baja del boletín (el enlace de los correos).",
  one_click: "Se dio de baja con el botón de baja de su programa de correo (RFC 8058).",
  erasure: "El personal borró la suscripción en la administración (supresión).",
  readdressed: "El personal cambió la dirección de la suscripción en la administración.",
};

/** A proof of consent as it is printed: dates in ISO 8601, UTC. */
interface Proof {
  consent_at: string | null;
  consent_version: string | null;
  consent_text: string | null;
  consent_page: string | null;
  consent_ip: string | null;
  confirmed_at: string | null;
}

export interface ConsentRecord {
  email: string;
  /** The subscription row of the address, if any: its state, and its proof while it lasts. */
  subscription: (Proof & { status: string; unsubscribed_at: string | null }) | null;
  /** The proofs of its ended consents, oldest first, each with how it ended and until when kept. */
  blocked: (Proof & {
    ended_at: string;
    ended_by: ConsentEnd;
    ended_how: string;
    blocked_until: string;
  })[];
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The record of `email` in any letter case (both tables hold an address as it was given). */
export async function consentRecordOf(db: Database, email: string): Promise<ConsentRecord> {
  const address = email.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(sql`lower(${subscriptions.email})`, address));
  const blocked = await db
    .select({
      row: blockedConsents,
      blocked_until: sql<Date>`${blockedConsents.ended_at}
        + make_interval(years => ${blockedConsentYears})`.mapWith(blockedConsents.ended_at),
    })
    .from(blockedConsents)
    .where(eq(sql`lower(${blockedConsents.email})`, address))
    .orderBy(asc(blockedConsents.ended_at), asc(blockedConsents.id));
  const proofOf = (source: typeof row | (typeof blocked)[number]["row"]): Proof => ({
    consent_at: iso(source?.consent_at ?? null),
    consent_version: source?.consent_version ?? null,
    consent_text: source?.consent_text ?? null,
    consent_page: source?.consent_page ?? null,
    consent_ip: source?.consent_ip ?? null,
    confirmed_at: iso(source?.confirmed_at ?? null),
  });
  return {
    email: address,
    subscription: row
      ? { status: row.status, ...proofOf(row), unsubscribed_at: iso(row.unsubscribed_at) }
      : null,
    blocked: blocked.map(({ row: proof, blocked_until }) => ({
      ...proofOf(proof),
      ended_at: proof.ended_at.toISOString(),
      ended_by: proof.ended_by,
      ended_how: consentEndTitles[proof.ended_by],
      blocked_until: blocked_until.toISOString(),
    })),
  };
}
