import { changeLines, type SectionWords } from "~/admin/lib/record-changes";
import { type AdminHistoryEntry, formatValue } from "~/admin/lib/records";

/**
 * A record's history from the audit log, newest first, each entry with what it changed in the
 * section's words (lib/record-changes.ts).
 */
export function RecordHistory({
  entries,
  words,
}: {
  entries: AdminHistoryEntry[];
  words: SectionWords;
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
              {changeLines(entry, words).map((line) => (
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
