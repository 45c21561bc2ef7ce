import { Link } from "react-router";
import { changeLines } from "~/admin/lib/record-changes";
import type { AuditEntryView } from "~/admin/lib/records";

/**
 * An audit entry's page: the record acted on, a link to its page while it exists (or that it
 * was deleted), and each field's before → after in its section's words (decision 207).
 */
export function AuditEntryChanges({ entry, action }: { entry: AuditEntryView; action: string }) {
  const lines = changeLines(
    { action, before: entry.before, after: entry.after, details: entry.details },
    {
      titles: entry.titles,
      valueTitles: entry.value_titles,
      dates: new Set(entry.date_fields),
    },
    { whole: true },
  );
  const { record } = entry;
  return (
    <section aria-labelledby="cambios" className="mt-8">
      <h2 id="cambios" className="font-display text-xl font-semibold text-ink">
        Cambios
      </h2>
      {record ? (
        <p className="mt-2 text-ink">
          {"path" in record ? (
            <Link to={record.path} className="font-medium underline">
              Ver el registro n.º {record.id}
            </Link>
          ) : (
            `El registro n.º ${record.id} ya no existe: se borró.`
          )}
        </p>
      ) : null}
      {lines.length ? (
        <ul className="mt-3 space-y-1 border-sand-300 border-l-2 pl-4">
          {lines.map((line) => (
            <li key={line} className="break-words text-ink">
              {line}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-ink-soft">Esta acción no cambió ningún campo del registro.</p>
      )}
    </section>
  );
}
