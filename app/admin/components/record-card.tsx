import { PickBox, picksRows } from "~/admin/components/pick-box";
import { RecordActions } from "~/admin/components/record-actions";
import { RecordTitle } from "~/admin/components/record-title";
import { RecordData } from "~/admin/components/record-value";
import { RecordStatus } from "~/admin/components/status-control";
import type { AdminList, AdminRecord } from "~/admin/lib/records";

/** SPEC's card, for narrow and medium screens (3 per row on medium ones). */
export function RecordCard({
  resource,
  record,
  list,
  selected,
  onToggle,
  shortFields,
}: {
  resource: string;
  list: AdminList;
  record: AdminRecord;
  selected: boolean;
  onToggle: (on: boolean) => void;
  /** Fields whose values are a few words (see `shortFieldsOf`). */
  shortFields: ReadonlySet<string>;
}) {
  const headingId = `record-${record.id}`;
  const status = list.tools?.status;
  // A lead (a record with a status) is worked from a phone: its card is dense enough for three
  // on a 390 × 844 screen (decision 256); other sections keep SPEC's plain card.
  const dense = Boolean(status);
  return (
    <li
      aria-labelledby={headingId}
      className={`@container flex min-w-0 flex-col rounded-xl border border-sand-200 bg-white shadow-sm wrap-anywhere ${dense ? "p-3 sm:p-5" : "p-5"}`}
    >
      <div className="flex items-start gap-1">
        {picksRows(list) ? (
          // The box is 16 px; its label is the 44 × 44 px a finger needs (decision 256).
          <label className="-ml-2 flex size-11 shrink-0 items-center justify-center">
            <PickBox
              label={`Elegir ${record.record_title}`}
              checked={selected}
              onToggle={onToggle}
              className="size-5"
            />
          </label>
        ) : null}
        <h2 id={headingId} className="font-display text-lg leading-snug font-semibold text-ink">
          <RecordTitle
            resource={resource}
            list={list}
            record={record}
            className={dense ? "block min-h-11 py-2 hover:underline" : "hover:underline"}
          />
        </h2>
      </div>
      {/* A card is a preview: each label beside its value, short values (a choice's label, a
          date) two to a line once the card is wide enough, empty ones left out, a long message
          clamped to two lines (in full on the record's page), so that a phone of 390 × 844 px
          shows three leads at a time (decisions 169, 256). A short value after a long one fills
          the gap a lone short one left (the lead's source beside its phone). */}
      <RecordData
        // The heading is the record's title: the field it comes from is not said twice.
        fields={Object.entries(list.parameter_titles).filter(
          ([field]) => field !== list.table_layout?.title,
        )}
        record={record}
        titles={list.value_titles}
        dates={new Set(list.date_fields ?? [])}
        onlyFilled={dense}
        plain={dense}
        className={
          dense
            ? "mt-1 grid flex-1 grid-flow-row-dense grid-cols-2 content-start gap-x-3 gap-y-0.5 text-sm [&_dt]:sr-only"
            : "mt-3 grid flex-1 content-start gap-x-4 gap-y-2 text-sm @2xs:grid-cols-2"
        }
        fieldClassName={(field) =>
          dense
            ? `min-w-0 ${shortFields.has(field) ? "" : "col-span-2"}`
            : shortFields.has(field)
              ? undefined
              : "@2xs:col-span-2"
        }
        valueClassName={dense ? "truncate text-ink" : "line-clamp-3 text-ink"}
      />
      {dense ? (
        // The title opens the lead: status, Editar and Borrar share one line.
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {status ? <RecordStatus record={record} status={status} /> : null}
          <RecordActions resource={resource} record={record} list={list} inline />
        </div>
      ) : (
        <RecordActions resource={resource} record={record} list={list} />
      )}
    </li>
  );
}
