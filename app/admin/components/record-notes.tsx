import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { useAdminAction } from "~/admin/lib/actions";
import { type AdminDetail, formatValue } from "~/admin/lib/records";
import { SubmitButton } from "~/components/account/form-controls";

/** A record's internal notes, oldest first, and the box to add one. */
export function RecordNotes({
  id,
  notes,
}: {
  id: number;
  notes: NonNullable<AdminDetail["notes"]>;
}) {
  const adminAction = useAdminAction();
  const form = useRef<HTMLFormElement>(null);
  const saving = adminAction.busy("note", id);
  const answer = adminAction.answer("note", id);
  const refused = answer && !answer.ok && !saving ? answer.message : "";
  // A saved note empties the box; a refused one keeps what was written.
  useEffect(() => {
    if (answer?.ok) form.current?.reset();
  }, [answer]);
  return (
    <section aria-labelledby="notas" className="mt-8">
      <h2 id="notas" className="font-display text-xl font-semibold text-ink">
        Notas internas
      </h2>
      {notes.length ? (
        <ol className="mt-3 space-y-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg border border-sand-200 bg-white p-4">
              <p className="text-sm text-ink-soft">
                <span className="font-medium text-ink">{note.author_name}</span> ·{" "}
                <time dateTime={note.created_at}>{formatValue(note.created_at)}</time>
              </p>
              <p className="mt-1 break-words whitespace-pre-line text-ink">{note.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-ink-soft">Todavía no hay notas.</p>
      )}
      <Form ref={form} method="post" replace className="mt-4 space-y-2">
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="id" value={id} />
        <label htmlFor="nota" className="block font-medium text-ink">
          Nueva nota
        </label>
        <textarea
          id="nota"
          name="body"
          rows={3}
          maxLength={5000}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? "nota-error" : undefined}
          className="block w-full rounded-md border border-sand-300 bg-white px-3 py-2 text-ink"
        />
        {refused ? (
          <p id="nota-error" role="alert" className="text-sm text-terracotta-dark">
            {refused}
          </p>
        ) : null}
        <SubmitButton pending={saving} pendingLabel="Guardando...">
          Añadir nota
        </SubmitButton>
        {/* The box empties and the note joins the list above: said too, for who cannot see it. */}
        <p role="status" className="min-h-6 text-olive">
          {answer?.ok && !saving ? answer.message : ""}
        </p>
      </Form>
    </section>
  );
}
