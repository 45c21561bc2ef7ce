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
  return (
    <li
      aria-labelledby={headingId}
      className="@container flex min-w-0 flex-col rounded-xl border border-sand-200 bg-white p-5 shadow-sm wrap-anywhere"
    >
      <div className="flex items-start gap-3">
        {picksRows(list) ? (
          <PickBox
            label={`Elegir ${record.record_title}`}
            checked={selected}
            onToggle={onToggle}
            className="mt-1 size-4"
          />
        ) : null}
        <h2 id={headingId} className="font-display text-lg font-semibold text-ink">
          <RecordTitle
            resource={resource}
            list={list}
            record={record}
            className="hover:underline"
          />
        </h2>
      </div>
      {status ? (
        <div className="mt-3">
          <RecordStatus record={record} status={status} />
        </div>
      ) : null}
      {/* A card is a preview: short values (a choice's label, a date) two to a line once the
          card is wide enough, every value at most three lines (a long message in full is on the
          record's page), so a phone shows more than one lead at a time (decision 169). */}
      <RecordData
        // The heading is the record's title: the field it comes from is not said twice.
        fields={Object.entries(list.parameter_titles).filter(
          ([field]) => field !== list.table_layout?.title,
        )}
        record={record}
        titles={list.value_titles}
        dates={new Set(list.date_fields ?? [])}
        className="mt-3 grid flex-1 content-start gap-x-4 gap-y-2 text-sm @2xs:grid-cols-2"
        fieldClassName={(field) => (shortFields.has(field) ? undefined : "@2xs:col-span-2")}
        valueClassName="line-clamp-3 text-ink"
      />
      <RecordActions resource={resource} record={record} list={list} />
    </li>
  );
}
