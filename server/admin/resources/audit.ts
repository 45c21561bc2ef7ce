import { getTableColumns, sql } from "drizzle-orm";
import type { AuditAction } from "../../audit-log.ts";
import { adminAudit, permissions } from "../../db/schema.ts";
import { auditActionTitles } from "../audit.ts";
import { defineResource } from "../resource.ts";
import { staffOptions } from "./contacts.ts";

/** An entry's action in Spanish ("Cambio de estado"). */
const actionTitle = sql<string>`case ${adminAudit.action} ${sql.join(
  Object.entries(auditActionTitles).map(([value, title]) => sql`when ${value} then ${title}`),
  sql` `,
)} else ${adminAudit.action} end`;

/** An entry's section by its name (the permission's, decision 150), else its key. */
const sectionTitle = sql<string>`coalesce((select ${permissions.name} from ${permissions} where ${permissions.key} = ${adminAudit.resource}), ${adminAudit.resource})`;

/**
 * The audit log as an admin section (issue 13; decision 142): read-only (no create, update or
 * delete route), with the list tools of every section; only super admins hold its permission
 * (migration 0009).
 */
export const auditResource = defineResource({
  key: "audit",
  title: "Registro de actividad",
  table: adminAudit,
  routes: [],
  fields: {},
  // The record acted on is each row's own title (recordTitle below), not a column: the generic
  // `record_title` every admin record carries replaces this table's column of that name, so a
  // "Registro" column showed the row's title twice.
  list: ["created_at", "actor_name", "action_title", "resource_title", "affected"],
  columns: {
    created_at: "Fecha",
    actor_name: "Usuario",
    action_title: "Acción",
    resource_title: "Sección",
    record_title: "Registro",
    affected: "Registros afectados",
  },
  select: {
    ...getTableColumns(adminAudit),
    action_title: actionTitle,
    resource_title: sectionTitle,
  },
  // "Carmen — Cocina abierta (Contactos n.º 12)"; without a record's title (an export, a bulk
  // change, an erased record) the action's: "Exportación (Contactos)".
  recordTitle: (record) =>
    `${record.record_title ?? auditActionTitles[record.action as AuditAction] ?? record.action} (${record.resource_title ?? record.resource}${record.record_id ? ` n.º ${record.record_id}` : ""})`,
  search: [
    adminAudit.actor_name,
    adminAudit.actor_email,
    adminAudit.action,
    actionTitle,
    adminAudit.resource,
    sectionTitle,
    adminAudit.record_title,
  ],
  // Staff sort by what they read: the action's and the section's Spanish names.
  sortable: {
    created_at: adminAudit.created_at,
    actor_name: adminAudit.actor_name,
    action_title: actionTitle,
    resource_title: sectionTitle,
    affected: adminAudit.affected,
    id: adminAudit.id,
  },
  filters: {
    action: {
      kind: "choice",
      title: "Acción",
      on: adminAudit.action,
      options: Object.entries(auditActionTitles).map(([value, title]) => ({ value, title })),
    },
    resource: { kind: "text", title: "Sección", on: adminAudit.resource },
    record_id: {
      kind: "reference",
      title: "Registro",
      on: adminAudit.record_id,
      options: async () => [],
    },
    actor: { kind: "reference", title: "Usuario", on: adminAudit.actor_id, options: staffOptions },
    created: { kind: "date", title: "Fecha", on: adminAudit.created_at },
  },
});
