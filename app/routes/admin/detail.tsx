// /admin/:resource/detail/:id (issue 13): one record read-only, with e-mail and phone as links,
// its status and assignee one click away, its photos, its replies by mail, the internal notes (how staff correct or
// complete what a visitor sent: the visitor's own words are never edited) and its history from
// the audit log. Same access as the other admin screens (SPEC §2 online, verify, role).
import { useEffect, useRef } from "react";
import { Form, Link, redirect, useActionData } from "react-router";
import { SubmitButton } from "~/components/account/form-controls";
import { DeleteButton } from "~/components/admin/delete-button";
import { LeadPhotos } from "~/components/admin/lead-photos";
import { LeadReplies } from "~/components/admin/lead-replies";
import {
  FallbackHeading,
  useChoiceFocus,
  useOneClickChoice,
} from "~/components/admin/one-click-choice";
import { changeLines, type SectionWords } from "~/components/admin/record-changes";
import { RecordMails } from "~/components/admin/record-mails";
import { RecordData } from "~/components/admin/record-value";
import { Refusal } from "~/components/admin/refusal";
import { RecordStatus } from "~/components/admin/status-control";
import {
  type AdminDetail,
  type AdminHistoryEntry,
  type AuditEntryView,
  formatValue,
  refusalMessage,
} from "~/lib/admin";
import {
  type ActionResult,
  adminMeta,
  runAdminAction,
  useAdminAction,
  useRecordDelete,
} from "~/lib/admin-actions";
import { listPath } from "~/lib/admin-list-memory";
import { api } from "~/lib/api";
import { sectionTitle } from "~/lib/auth";
import type { Route } from "./+types/detail";

// Before the clientLoader has run (the server's render) and when it failed: the section only.
export const meta = (args: Route.MetaArgs) => {
  const state = args.loaderData as DetailState | undefined;
  return adminMeta("detail")(
    args,
    state?.status === "ready" ? state.detail.data.record_title : undefined,
  );
};

/** `back`: the section's list as staff left it (its search, filters, order and page). */
type DetailState = { back: string } & (
  | { status: "ready"; detail: AdminDetail }
  | { status: "failed"; message?: string }
);

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const back = listPath(params.resource);
  try {
    const detail = await api<AdminDetail>(
      "GET",
      `admin/${encodeURIComponent(params.resource)}/detail/${encodeURIComponent(params.id)}`,
      undefined,
      { silent: true },
    );
    return { back, status: "ready", detail } satisfies DetailState;
  } catch (error) {
    console.error(`Admin detail of ${params.resource} ${params.id} failed`, error);
    // A record deleted meanwhile (by a colleague) is named as such: the server's 404 says so.
    return { back, status: "failed", message: refusalMessage(error, [404]) } satisfies DetailState;
  }
}
clientLoader.hydrate = true as const;

export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const result = await runAdminAction(params.resource, form);
  if (result.ok && form.get("intent") === "delete") {
    return redirect(listPath(params.resource));
  }
  return result;
}

export function HydrateFallback() {
  return (
    <p lang="en" className="mx-auto w-full max-w-5xl px-4 py-10 text-ink-soft">
      Loading...
    </p>
  );
}

/** SPEC §9's date format, as in the lists. */
const when = (iso: string) => formatValue(iso);
export default function AdminDetailScreen({ params, loaderData }: Route.ComponentProps) {
  const { resource } = params;
  const state = loaderData as DetailState;
  // A status or assignee change draws its control anew: focus goes back to it.
  const headingFocus = useChoiceFocus(loaderData);
  const changed = useActionData() as ActionResult | undefined;
  const back = (
    <Link to={state.back} className="text-ink underline">
      Volver a {sectionTitle(resource)}
    </Link>
  );
  if (state.status === "failed") {
    return (
      <div className="mx-auto w-full max-w-5xl px-4 py-8">
        {/* The screen keeps a heading (the section's name) to land on and to find it by. */}
        <h1 className="font-display text-3xl font-semibold text-ink">{sectionTitle(resource)}</h1>
        <p role="alert" className="mt-4 text-terracotta-dark">
          {state.message ?? "No se ha podido cargar el registro."}
        </p>
        <p className="mt-4">{back}</p>
      </div>
    );
  }
  const { detail } = state;
  const record = detail.data;
  const title = record.record_title;
  const status = detail.tools.status;
  // The mails' fields are said in full in their own lines (decision 180), not again in a word.
  const apart = new Set([
    status?.field,
    "assignee_id",
    ...(detail.mails ?? []).map((m) => m.field),
  ]);
  const fields = Object.entries(detail.parameter_titles).filter(([field]) => !apart.has(field));

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8">
      <p className="text-sm">{back}</p>
      <FallbackHeading focus={headingFocus} className="mt-2 wrap-anywhere">
        {title}
      </FallbackHeading>
      <div className="mt-4 flex flex-wrap items-end gap-6">
        {status ? (
          <div>
            <p className="text-sm font-medium text-ink-soft">{status.title}</p>
            <RecordStatus record={record} status={status} />
          </div>
        ) : null}
        {detail.assignees ? (
          <AssigneeControl
            // Uncontrolled: a new assignee from the server (after a refusal too) is a new control.
            key={String(record.assignee_id ?? "")}
            id={record.id}
            value={record.assignee_id}
            options={detail.assignees}
            title={detail.parameter_titles.assignee_id ?? "Responsable"}
            recordTitle={title}
          />
        ) : null}
        <RecordButtons resource={resource} detail={detail} title={title} />
      </div>
      {/* A status or assignee saved is said, as the list says a status change (decision 169). */}
      <p role="status" className="mt-2 min-h-6 text-olive">
        {changed?.ok && (changed.intent === "status" || changed.intent === "assign")
          ? changed.message
          : ""}
      </p>
      {/* Whether the visitor got the confirmation: the lead to phone is the one it did not reach. */}
      {detail.mails ? <RecordMails mails={detail.mails} /> : null}

      <section
        aria-labelledby="datos"
        className="mt-8 rounded-xl border border-sand-200 bg-white p-5"
      >
        <h2 id="datos" className="font-display text-xl font-semibold text-ink">
          Datos
        </h2>
        <RecordData
          fields={fields}
          record={record}
          titles={detail.value_titles}
          dates={new Set(detail.date_fields ?? [])}
          onlyFilled
          className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2"
          fieldClassName={(field) => (field === "message" ? "sm:col-span-2" : undefined)}
          valueClassName="wrap-anywhere whitespace-pre-line text-ink"
        />
      </section>

      {detail.photos?.length ? (
        <LeadPhotos key={record.id} id={String(record.id)} listed={detail.photos} />
      ) : null}

      {detail.replies ? (
        <LeadReplies id={record.id} name={String(record.name ?? "")} replies={detail.replies} />
      ) : null}

      {detail.notes ? <Notes id={record.id} notes={detail.notes} /> : null}

      {detail.audit_entry ? (
        // An entry of the audit log has no history of its own: what it changed is its content.
        <AuditEntryChanges entry={detail.audit_entry} action={String(record.action ?? "")} />
      ) : (
        <History entries={detail.history} words={sectionWords(detail)} />
      )}
    </div>
  );
}

/** How this section's record names and shows its fields, its status by its titles. */
function sectionWords(detail: AdminDetail): SectionWords {
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
 * An audit entry's page: the record acted on, a link to its page while it exists (or that it
 * was deleted), and each field's before → after in its section's words (decision 207).
 */
function AuditEntryChanges({ entry, action }: { entry: AuditEntryView; action: string }) {
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

/**
 * Who follows the lead, one click away: saved at once from the mouse or the open list, and from
 * the keyboard on Enter or on leaving it (the status's pattern, decision 169), so going down the
 * names with ↓ saves only the one chosen.
 */
function AssigneeControl({
  id,
  value,
  options,
  title,
  recordTitle,
}: {
  id: number;
  value: unknown;
  options: { id: number; title: string }[];
  title: string;
  recordTitle: string;
}) {
  const adminAction = useAdminAction();
  const refused = adminAction.answer("assign", id);
  const shown = value == null ? "" : String(value);
  const choice = useOneClickChoice({
    kind: "assignee",
    record: id,
    value: shown,
    onCommit: (next) => {
      choice.rememberFocus();
      adminAction.run({
        intent: "assign",
        id: String(id),
        assignee_id: next,
        // `from`: who the control showed, so a colleague's newer choice is refused, not undone.
        from: shown,
        record_title: recordTitle,
        field_title: title,
        value_title: options.find((option) => String(option.id) === next)?.title ?? UNASSIGNED,
      });
    },
  });
  return (
    <div className="text-sm font-medium text-ink-soft">
      <label>
        {title}
        <select
          {...choice.selectProps}
          className="mt-1 block rounded-md border border-sand-300 bg-white px-2 py-1 text-ink"
          disabled={adminAction.busy("assign", id)}
        >
          <option value="">{UNASSIGNED}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </select>
      </label>
      {choice.hint}
      <Refusal answer={refused} as="span" className="block text-terracotta-dark" />
    </div>
  );
}

const UNASSIGNED = "Sin asignar";

function RecordButtons({
  resource,
  detail,
  title,
}: {
  resource: string;
  detail: AdminDetail;
  title: string;
}) {
  const deletion = useRecordDelete(detail.data.id, title);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {detail.routes.includes("update") ? (
        <Link
          to={`/admin/${resource}/update/${detail.data.id}`}
          className="rounded-md border border-ink/30 px-4 py-2 font-medium text-ink hover:bg-sand-100"
        >
          Editar
        </Link>
      ) : null}
      {detail.routes.includes("delete") ? (
        <DeleteButton deletion={deletion}>Borrar</DeleteButton>
      ) : null}
      <Refusal answer={deletion.refused} className="text-sm text-terracotta-dark" />
    </div>
  );
}

function Notes({ id, notes }: { id: number; notes: NonNullable<AdminDetail["notes"]> }) {
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
                <time dateTime={note.created_at}>{when(note.created_at)}</time>
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

function History({ entries, words }: { entries: AdminHistoryEntry[]; words: SectionWords }) {
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
                <time dateTime={entry.created_at}>{when(entry.created_at)}</time> ·{" "}
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
