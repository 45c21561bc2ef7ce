// A record's value as staff read it (SPEC §9: es-ES dates, Sí/No, N/A for a missing date, "—" for
// anything else missing; decision 206), with e-mail addresses and
// phone numbers as links that write or call at once (issue 13), WhatsApp for mobile numbers.
import {
  type AdminRecord,
  dateOf,
  formatDate,
  formatValue,
  isMissing,
  type ValueTitles,
} from "~/admin/lib/records";
import { company } from "../../../content/company";
import { isProjectPhotoList, ProjectPhotoList } from "./project-photo-list";

/** Spanish mobile numbers (6xx, 7xx), with or without +34: the ones WhatsApp can reach. */
export function whatsAppNumber(phone: string): string | undefined {
  const digits = phone
    .replace(/[^\d+]/g, "")
    .replace(/^\+?34/, "")
    .replace(/^0034/, "");
  return /^[67]\d{8}$/.test(digits) ? `34${digits}` : undefined;
}

/**
 * A reply to a lead names what it answers, as the visitor's confirmation did (decision 130):
 * "Tu solicitud OM-2026-00012 · Obra Mediterránea". A lead from before references gives its own
 * subject instead; a record that is not a lead (no `reference` field) gets no subject.
 */
function replySubject(record: AdminRecord): string | undefined {
  if (!("reference" in record)) return;
  const { reference, subject } = record;
  const named =
    typeof reference === "string" && reference
      ? reference
      : typeof subject === "string" && subject
        ? `«${subject}»`
        : undefined;
  return named ? `Tu solicitud ${named} · ${company.name}` : undefined;
}

export function RecordValue({
  field,
  record,
  titles: allTitles,
  dates,
  plain = false,
  spaced = false,
}: {
  field: string;
  record: AdminRecord;
  /**
   * Addresses and numbers as text, not links: a phone's dense lead card, whose lines are too
   * short for a 44 px tap target (its title opens the lead, with its call bar; decision 256).
   */
  plain?: boolean;
  /**
   * Links at least 24 px tall (WCAG 2.2's target size): a table row, where a phone's number and its
   * WhatsApp sit side by side. Cards and the lead's page lay them out on their own lines.
   */
  spaced?: boolean;
  /** Labels of coded values by field, from the server (a lead's service, budget, area). */
  titles?: ValueTitles;
  /** The fields that hold dates, from the server. */
  dates?: ReadonlySet<string>;
}) {
  const value = record[field];
  const date = dateOf(value);
  if (date) {
    return (
      // SPEC §9's long form, kept from breaking into more lines than a table cell shows.
      <time dateTime={value as string} className="inline-block min-w-36">
        {formatDate(date)}
      </time>
    );
  }
  const titles = allTitles?.[field];
  if (typeof value === "string" && value !== "") {
    if (titles && Object.hasOwn(titles, value)) return <>{titles[value]}</>;
    if (plain) return <>{value}</>;
    if (field === "email" || field === "actor_email") {
      const subject = field === "email" ? replySubject(record) : undefined;
      return (
        <a
          href={`mailto:${value}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`}
          className="text-ink underline"
        >
          {value}
        </a>
      );
    }
    if (field === "phone") {
      const whatsApp = whatsAppNumber(value);
      const target = spaced ? "inline-flex min-h-6 items-center" : "";
      return (
        <span className="inline-flex flex-wrap gap-x-2">
          <a
            href={`tel:${value.replace(/[^\d+]/g, "")}`}
            className={`text-ink underline ${target}`}
          >
            {value}
          </a>
          {whatsApp ? (
            <a
              href={`https://wa.me/${whatsApp}`}
              target="_blank"
              rel="noreferrer"
              className={`text-olive underline ${target}`}
            >
              WhatsApp
            </a>
          ) : null}
        </span>
      );
    }
  }
  if (isProjectPhotoList(value)) return <ProjectPhotoList photos={value} />;
  return <>{formatValue(value, { date: dates?.has(field) })}</>;
}

const relative = new Intl.RelativeTimeFormat("es", { numeric: "always" });

/** "3 días", "5 horas": how long ago `iso` was, in the largest whole unit. */
export function waitingSince(iso: unknown, now = Date.now()): string | undefined {
  if (typeof iso !== "string") return;
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (Number.isNaN(minutes)) return;
  // Just arrived: «Espera 0 minutos» read as a mistake.
  if (minutes === 0) return "menos de un minuto";
  const [amount, unit]: [number, Intl.RelativeTimeFormatUnit] =
    minutes >= 1440
      ? [Math.floor(minutes / 1440), "day"]
      : minutes >= 60
        ? [Math.floor(minutes / 60), "hour"]
        : [minutes, "minute"];
  // "hace 3 días" → "3 días": the label before it says what it counts.
  return relative.format(-amount, unit).replace(/^hace /, "");
}

/**
 * A record's fields as terms and their values: a list's card, a detail page's "Datos". With
 * `onlyFilled`, a field with no value is left out, unless it holds a date (SPEC §9's "N/A"):
 * a label with nothing under it is noise on a record's page (a lead's facts the visitor left out).
 */
export function RecordData({
  fields,
  record,
  titles,
  dates,
  onlyFilled = false,
  className,
  fieldClassName,
  valueClassName,
  plain,
}: {
  /** Values as text, without links (RecordValue's `plain`). */
  plain?: boolean;
  /** Field name and title, in the order shown. */
  fields: [string, string][];
  record: AdminRecord;
  titles?: ValueTitles;
  dates?: ReadonlySet<string>;
  onlyFilled?: boolean;
  className: string;
  /** A field's place in a grid (a message given the whole row). */
  fieldClassName?: (field: string) => string | undefined;
  valueClassName: string;
}) {
  return (
    <dl className={className}>
      {fields
        .filter(([field]) => !onlyFilled || dates?.has(field) || !isMissing(record[field]))
        .map(([field, label]) => (
          <div key={field} className={fieldClassName?.(field)}>
            <dt className="text-sm font-medium text-ink-soft">{label}</dt>
            <dd className={valueClassName}>
              <RecordValue
                field={field}
                record={record}
                titles={titles}
                dates={dates}
                plain={plain}
              />
            </dd>
          </div>
        ))}
    </dl>
  );
}
