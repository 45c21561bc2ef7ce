import { and, asc, eq } from "drizzle-orm";
import type { UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import { idIn } from "../db/row-ids.ts";
import { adminNotes } from "../db/schema.ts";

/** Internal notes on an admin record, oldest first: a lead's timeline (who, when, what). */
export async function notesOf(db: Database, resource: string, recordId: number) {
  const rows = await db
    .select({
      id: adminNotes.id,
      author_id: adminNotes.author_id,
      author_name: adminNotes.author_name,
      body: adminNotes.body,
      created_at: adminNotes.created_at,
    })
    .from(adminNotes)
    .where(and(eq(adminNotes.resource, resource), eq(adminNotes.record_id, recordId)))
    .orderBy(asc(adminNotes.created_at), asc(adminNotes.id));
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

export async function addNote(
  db: Database,
  resource: string,
  recordId: number,
  author: UserView,
  body: string,
) {
  const [row] = await db
    .insert(adminNotes)
    .values({ resource, record_id: recordId, author_id: author.id, author_name: author.name, body })
    .returning();
  if (!row) throw new Error("admin notes: insert returned nothing");
  return {
    id: row.id,
    author_id: row.author_id,
    author_name: row.author_name,
    body: row.body,
    created_at: row.created_at.toISOString(),
  };
}

/** A deleted record takes its notes with it. */
export async function deleteNotes(db: Database, resource: string, ids: readonly number[]) {
  if (!ids.length) return;
  await db
    .delete(adminNotes)
    .where(and(eq(adminNotes.resource, resource), idIn(adminNotes.record_id, ids)));
}
