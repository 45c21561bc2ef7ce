import {
  type AdminHistoryEntry,
  formatValue,
  type StatusTool,
  type ValueTitles,
} from "~/admin/lib/records";

/**
 * Dates every change moves: the history says what changed, not when it was saved again (a lead's
 * «Datos personales hasta» too, decision 179). And the assignee's id, which changes with the
 * assignee's name (one line, "Responsable: N/A → Ana").
 */
const bookkeeping = new Set([
  "created_at",
  "updated_at",
  "status_changed_at",
  "personal_data_until",
  "assignee_id",
]);

/** What changed in an audit entry, field by field, in the admin's own words. */
function changes(
  entry: AdminHistoryEntry,
  titles: Record<string, string>,
  status?: StatusTool,
  valueTitles?: ValueTitles,
): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const shown = (field: string, value: unknown) =>
    field === status?.field
      ? (status.options.find((option) => option.value === value)?.title ?? formatValue(value))
      : typeof value === "string" && valueTitles?.[field]?.[value] !== undefined
        ? valueTitles[field][value]
        : formatValue(value);
  const lines: string[] = [];
  for (const [field, title] of Object.entries(titles)) {
    if (bookkeeping.has(field) || !(field in before) || !(field in after)) continue;
    if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
    lines.push(`${title}: ${shown(field, before[field])} → ${shown(field, after[field])}`);
  }
  const note = entry.details?.body;
  if (typeof note === "string") lines.push(note);
  // A reply by mail (decision 187): its subject; its words are in the replies' list.
  const subject = entry.details?.subject;
  if (entry.action === "reply" && typeof subject === "string") lines.push(`Asunto: ${subject}`);
  return lines;
}

/** A record's history from the audit log, newest first, each entry with what it changed. */
export function RecordHistory({
  entries,
  titles,
  status,
  valueTitles,
}: {
  entries: AdminHistoryEntry[];
  titles: Record<string, string>;
  status?: StatusTool;
  valueTitles?: ValueTitles;
}) {
  return (
    <section aria-labelledby="historial" className="mt-8">
      <h2 id="historial" className="font-display text-xl font-semibold text-ink">
        Historial
      </h2>
      {entries.length ? (
        <ol className="mt-3 space-y-2 border-sand-300 border-l-2 pl-4">
          {entries.map((entry) => (
            <li key={entry.id}>
              <p className="text-sm text-ink">
                <time dateTime={entry.created_at}>{formatValue(entry.created_at)}</time> ·{" "}
                <span className="font-medium">{entry.actor_name}</span> ·{" "}
                {entry.action_title ?? entry.action}
              </p>
              {changes(entry, titles, status, valueTitles).map((line) => (
                <p key={line} className="text-sm break-words text-ink-soft">
                  {line}
                </p>
              ))}
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-ink-soft">Sin cambios registrados.</p>
      )}
    </section>
  );
}
