import { and, desc, eq } from "drizzle-orm";
import type { AuditAction } from "../audit-log.ts";
import type { Database } from "../db/client.ts";
import { adminAudit } from "../db/schema.ts";
import { secretTest } from "./list-query.ts";
import type { ResourceDefinition } from "./resource.ts";

/** What the audit screen calls each action (server/audit-log.ts writes them). */
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

/**
 * A list query as an entry keeps it (an export's, a bulk action's "all matching"): its filters
 * and order, and that a search was made, not what was typed (decision 205). A search names a
 * person (a name, a phone, a street) and outlives their erasure in an entry that is about no
 * record in particular, so `forgetRecords` cannot find it.
 */
export function auditedQuery(applied: Record<string, string>): Record<string, string> {
  return applied.q === undefined ? applied : { ...applied, q: "[redacted]" };
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
