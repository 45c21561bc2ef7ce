import { and, desc, eq, lt, sql } from "drizzle-orm";
import { auditYears } from "../../content/retention.ts";
import type { UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import { idIn } from "../db/row-ids.ts";
import { adminAudit } from "../db/schema.ts";
import { secretTest } from "./list-query.ts";
import type { ResourceDefinition } from "./resource.ts";

/**
 * The audit log of the admin area (issue 13; decision 142): every write staff make through it
 * (create, update, delete, status, assignment, note, bulk action, export; a user's role change
 * is its own action; a campaign's send and test send, decision 205) is one row, written in the write's own transaction, so a write that rolls
 * back leaves no entry and an entry never names a write that did not happen. Before and after
 * hold the record as the admin shows it, never a password hash or a token.
 */
export type AuditAction =
  | "create"
  | "update"
  | "role"
  | "delete"
  | "status"
  | "assign"
  | "follow_up"
  | "note"
  | "reply"
  | "bulk_delete"
  | "bulk_status"
  | "export"
  | "send"
  | "test_send"
  // A campaign's send scheduled, and a schedule cancelled (decision 259).
  | "schedule"
  | "unschedule"
  // A staff member's second factor (decision 220): enrolled, removed, reset from the command line.
  | "two_factor_enrol"
  | "two_factor_remove"
  | "two_factor_reset"
  | "recovery_codes";

export const auditActionTitles: Record<AuditAction, string> = {
  create: "Creación",
  update: "Modificación",
  role: "Cambio de rol",
  delete: "Eliminación",
  status: "Cambio de estado",
  assign: "Asignación",
  follow_up: "Seguimiento",
  note: "Nota interna",
  reply: "Respuesta por correo",
  bulk_delete: "Eliminación en bloque",
  bulk_status: "Cambio de estado en bloque",
  // CSV or .xlsx: the entry's details say which (`format`).
  export: "Exportación",
  send: "Envío de campaña",
  test_send: "Envío de prueba",
  schedule: "Envío programado",
  unschedule: "Envío programado cancelado",
  two_factor_enrol: "Verificación en dos pasos activada",
  two_factor_remove: "Verificación en dos pasos desactivada",
  two_factor_reset: "Verificación en dos pasos restablecida",
  recovery_codes: "Códigos de recuperación nuevos",
};

export interface AuditEntry {
  action: AuditAction;
  resource: string;
  recordId?: number | null;
  recordTitle?: string | null;
  affected?: number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  details?: Record<string, unknown> | null;
}

/** A record without its secrets (password hashes, tokens, write-only fields). */
export function redact(
  definition: ResourceDefinition,
  record: Record<string, unknown> | undefined | null,
): Record<string, unknown> | null {
  if (!record) return null;
  const isSecret = secretTest(definition);
  return Object.fromEntries(Object.entries(record).filter(([key]) => !isSecret(key)));
}

/** The fields whose values differ between two versions of a record. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  keys.delete("updated_at");
  return [...keys].filter(
    (key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after?.[key] ?? null),
  );
}

/** Staff, or the operator at the server (an account of none: `id` null). */
export type AuditActor = Pick<UserView, "name" | "email"> & { id: number | null };

export async function recordAudit(db: Database, actor: AuditActor, entry: AuditEntry) {
  await db.insert(adminAudit).values({
    actor_id: actor.id,
    actor_name: actor.name,
    actor_email: actor.email,
    action: entry.action,
    resource: entry.resource,
    record_id: entry.recordId ?? null,
    record_title: entry.recordTitle ?? null,
    affected: entry.affected ?? 1,
    before: entry.before ?? null,
    after: entry.after ?? null,
    details: entry.details ?? null,
  });
}

/**
 * A list query as an entry keeps it (an export's, a bulk action's "all matching"): its filters
 * and order, and that a search was made, not what was typed (decision 205). A search names a
 * person (a name, a phone, a street) and outlives their erasure in an entry that is about no
 * record in particular, so `forgetRecords` cannot find it.
 */
export function auditedQuery(applied: Record<string, string>): Record<string, string> {
  return applied.q === undefined ? applied : { ...applied, q: "[redacted]" };
}

/**
 * What an entry's `details` may hold of the record's content: a note's text (`note`), a lost
 * lead's reason (`status`), a reply's subject (`reply`). The rest of the details say what was
 * done (fields changed, status, the reply's mail).
 */
const contentDetails = ["body", "reason", "subject"];
/** As one parameter (an array would be written as a list of them). */
const contentDetailsArray = `{${contentDetails.join(",")}}`;

/**
 * Erasure (a definition's `erasure`, the retention sweep): earlier entries about the records
 * keep who did what and when, not what the records held.
 */
export async function forgetRecords(db: Database, resource: string, ids: readonly number[]) {
  if (!ids.length) return;
  await db
    .update(adminAudit)
    .set({
      before: null,
      after: null,
      record_title: null,
      details: sql`${adminAudit.details} - ${contentDetailsArray}::text[]`,
    })
    .where(and(eq(adminAudit.resource, resource), idIn(adminAudit.record_id, ids)));
}

/**
 * The log is kept `auditYears` (decision 179): entries older than that are deleted by the
 * retention sweep. Answers how many.
 */
export async function deleteOldAuditEntries(db: Database): Promise<number> {
  const gone = await db
    .delete(adminAudit)
    .where(lt(adminAudit.created_at, sql`now() - make_interval(years => ${auditYears}::integer)`))
    .returning({ id: adminAudit.id });
  return gone.length;
}

/** A record's history, newest first: what its detail view shows. */
export async function recordHistory(db: Database, resource: string, recordId: number) {
  const rows = await db
    .select({
      id: adminAudit.id,
      action: adminAudit.action,
      actor_name: adminAudit.actor_name,
      actor_email: adminAudit.actor_email,
      before: adminAudit.before,
      after: adminAudit.after,
      details: adminAudit.details,
      created_at: adminAudit.created_at,
    })
    .from(adminAudit)
    .where(and(eq(adminAudit.resource, resource), eq(adminAudit.record_id, recordId)))
    .orderBy(desc(adminAudit.created_at), desc(adminAudit.id))
    .limit(200);
  return rows.map((row) => ({
    ...row,
    action_title: auditActionTitles[row.action as AuditAction] ?? row.action,
    created_at: row.created_at.toISOString(),
  }));
}
