// What an audit entry changed, in the words of the section it acted on: a record's history on its
// own page, and an entry's page in the audit log (decision 207).
import {
  type AdminDetail,
  type AdminHistoryEntry,
  formatValue,
  isMissing,
  type ValueTitles,
} from "./records";

/** How a section names and shows its fields: what its changes are read with. */
export interface SectionWords {
  /** Field → label (the section's detail titles). */
  titles: Record<string, string>;
  /** Coded values by their labels, the status's among them. */
  valueTitles?: ValueTitles;
  /** The fields that hold dates. */
  dates?: ReadonlySet<string>;
}

/** How a section's record names and shows its fields (its detail answer), its status by its titles. */
export function sectionWords(detail: AdminDetail): SectionWords {
  const status = detail.tools.status;
  return {
    titles: detail.parameter_titles,
    valueTitles: {
      ...detail.value_titles,
      ...(status
        ? {
            [status.field]: Object.fromEntries(
              status.options.map((option) => [option.value, option.title]),
            ),
          }
        : {}),
    },
    dates: new Set(detail.date_fields ?? []),
  };
}

/**
 * Fields a change says nothing through: the id, dates every change moves (a lead's «Datos
 * personales hasta» too, decision 179), and the assignee's id, which changes with the
 * assignee's name (one line, "Responsable: — → Ana").
 */
const bookkeeping = new Set([
  "id",
  "created_at",
  "updated_at",
  "status_changed_at",
  "personal_data_until",
  "assignee_id",
]);

/** One value as the section's screens show it. */
function shown(words: SectionWords, field: string, value: unknown): string {
  const label = typeof value === "string" ? words.valueTitles?.[field]?.[value] : undefined;
  return label ?? formatValue(value, { date: words.dates?.has(field) });
}

/**
 * The entry's changes, a line each: "Teléfono: — → 600 111 222" for each field whose value
 * changed. A creation or a deletion holds one side only: with `whole` (an entry's own page), its
 * values are listed ("Correo electrónico: ana@…"); a record's history leaves them to its page.
 * Then what the entry's details say in words: a password set (never its value), a note's text,
 * a reply's subject, a status given in bulk, an export's format.
 */
export function changeLines(
  entry: Pick<AdminHistoryEntry, "action" | "before" | "after" | "details">,
  words: SectionWords,
  { whole = false }: { whole?: boolean } = {},
): string[] {
  const before = entry.before ?? null;
  const after = entry.after ?? null;
  const lines: string[] = [];
  for (const [field, title] of Object.entries(words.titles)) {
    if (bookkeeping.has(field)) continue;
    if (before && after) {
      if (!(field in before) || !(field in after)) continue;
      if (JSON.stringify(before[field]) === JSON.stringify(after[field])) continue;
      lines.push(
        `${title}: ${shown(words, field, before[field])} → ${shown(words, field, after[field])}`,
      );
    } else if (whole) {
      const value = (before ?? after)?.[field];
      if (!isMissing(value)) lines.push(`${title}: ${shown(words, field, value)}`);
    }
  }
  const details = entry.details ?? {};
  if (details.password_changed === true) {
    lines.push(`${words.titles.password ?? "Contraseña"}: cambiada (nunca se guarda cuál)`);
  }
  if (whole && !before && !after && typeof details.status === "string" && words.titles.status) {
    lines.push(`${words.titles.status}: ${shown(words, "status", details.status)}`);
  }
  // An export's file (decision 207).
  if (entry.action === "export" && typeof details.format === "string") {
    lines.push(`Formato: ${details.format === "xlsx" ? "Excel (.xlsx)" : "CSV"}`);
  }
  if (typeof details.body === "string") lines.push(details.body);
  // A reply by mail (decision 187): its subject; its words are in the lead's replies.
  if (entry.action === "reply" && typeof details.subject === "string") {
    lines.push(`Asunto: ${details.subject}`);
  }
  return lines;
}
