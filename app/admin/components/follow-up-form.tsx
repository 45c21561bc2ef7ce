// A lead's «volver a contactar el …» and its short note (decision 255): a day and a line, saved
// with «Guardar»; «Quitar» clears it. The assignee's morning mail lists it on its day.
import { useState } from "react";
import { Refusal } from "~/admin/components/refusal";
import { useAdminAction } from "~/admin/lib/actions";
import { followUpLabels, followUpNoteMax } from "../../../content/staff-home";

export function FollowUpForm({
  id,
  on,
  note,
}: {
  id: number;
  on: string | null;
  note: string | null;
}) {
  const action = useAdminAction();
  const [day, setDay] = useState(on ?? "");
  const [line, setLine] = useState(note ?? "");
  const busy = action.busy("follow_up", id);
  const answer = action.answer("follow_up", id);
  const save = (next: string) =>
    action.run({ intent: "follow_up", id: String(id), on: next, note: next ? line : "" });
  return (
    <section
      aria-labelledby="seguimiento"
      className="mt-6 rounded-xl border border-sand-200 bg-white p-4"
    >
      <h2 id="seguimiento" className="font-display text-lg font-semibold text-ink">
        {followUpLabels.filter}
      </h2>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <label className="text-sm font-medium text-ink-soft">
          {followUpLabels.on}
          <input
            type="date"
            value={day}
            onChange={(event) => setDay(event.target.value)}
            className="mt-1 block min-h-11 rounded-md border border-sand-300 px-2 text-ink"
          />
        </label>
        <label className="min-w-48 flex-1 text-sm font-medium text-ink-soft">
          {followUpLabels.note}
          <input
            value={line}
            maxLength={followUpNoteMax}
            onChange={(event) => setLine(event.target.value)}
            className="mt-1 block min-h-11 w-full rounded-md border border-sand-300 px-2 text-ink"
          />
        </label>
        <button
          type="button"
          disabled={busy || !day}
          onClick={() => save(day)}
          className="min-h-11 rounded-md bg-ink px-4 text-sm font-medium text-plaster disabled:opacity-60"
        >
          {busy ? "Guardando..." : "Guardar"}
        </button>
        {on ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => save("")}
            className="min-h-11 rounded-md border border-sand-300 px-4 text-sm font-medium text-ink"
          >
            Quitar
          </button>
        ) : null}
      </div>
      {answer?.ok ? (
        <p role="status" className="mt-2 text-sm text-olive">
          {answer.message}
        </p>
      ) : (
        <Refusal answer={answer} as="p" className="mt-2 text-sm text-terracotta-dark" />
      )}
    </section>
  );
}
