import type { Database } from "../db/client.ts";
import { redact } from "./audit.ts";
import { dateFields, detailTitles, findRecord, valueTitles } from "./operations.ts";
import { adminResources } from "./registry.ts";

/**
 * What an audit entry's page needs to say what changed (decision 207): the before and after as
 * the entry holds them, less anything the acted-on section counts as a secret (they were left
 * out when written; this holds for entries written before a field became one), with that
 * section's labels, coded values' labels and date fields, so the page reads a change as the
 * record's own page does; and where the record is now: its page, or that it was deleted.
 */
export interface AuditEntryView {
  titles: Record<string, string>;
  value_titles: Record<string, Record<string, string>>;
  date_fields: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown> | null;
  /** The record acted on: its page while it exists. */
  record: { id: number; path: string } | { id: number; deleted: true } | null;
}

export async function auditEntryView(
  db: Database,
  entry: Record<string, unknown>,
): Promise<AuditEntryView> {
  const section = adminResources.get(String(entry.resource));
  const recordId = typeof entry.record_id === "number" ? entry.record_id : null;
  const object = (value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  if (!section) {
    // A section no longer in the product: its entry is shown as written, with no labels.
    return {
      titles: {},
      value_titles: {},
      date_fields: [],
      before: null,
      after: null,
      details: null,
      record: null,
    };
  }
  const status = section.status;
  const exists = recordId !== null && (await findRecord(db, section, recordId)) !== undefined;
  return {
    titles: detailTitles(section),
    value_titles: {
      ...valueTitles(section),
      // The status by its title, as its control shows it ("Presupuesto enviado").
      ...(status
        ? {
            [status.column.name]: Object.fromEntries(
              status.options.map((option) => [option.value, option.title]),
            ),
          }
        : {}),
    },
    date_fields: dateFields(section),
    before: redact(section, object(entry.before)),
    after: redact(section, object(entry.after)),
    // What was done (fields changed, a password set, a note's text): no values of secrets.
    details: object(entry.details),
    record:
      recordId === null
        ? null
        : exists
          ? { id: recordId, path: `/admin/${section.key}/detail/${recordId}` }
          : { id: recordId, deleted: true },
  };
}
