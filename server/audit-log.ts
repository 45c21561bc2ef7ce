import { and, eq, lt, sql } from "drizzle-orm";
import { auditYears } from "../content/retention.ts";
import type { UserView } from "./auth/user-view.ts";
import type { Database } from "./db/client.ts";
import { idIn } from "./db/row-ids.ts";
import { adminAudit } from "./db/schema.ts";

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
