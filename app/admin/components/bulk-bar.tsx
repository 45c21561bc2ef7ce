// Bulk actions (issue 13): on the rows chosen, or on every record the filters match, after a
// confirmation that says how many; through the route's clientAction.
import { useEffect, useId, useRef, useState } from "react";
import { useAdminAction } from "~/admin/lib/actions";
import type { StatusTool } from "~/admin/lib/records";
import { askConfirmation } from "~/lib/dialog";

/** Singular for one, plural otherwise: "1 registro elegido", "3 registros elegidos". */
const inNumber = (n: number, one: string, many: string) => (n === 1 ? one : many);
const records = (n: number) => `${n} ${inNumber(n, "registro", "registros")}`;

export function BulkBar({
  selected,
  total,
  search,
  canDelete,
  status,
  assignees,
}: {
  selected: number[];
  /** How many records the current filters match. */
  total: number;
  search: URLSearchParams;
  canDelete: boolean;
  status?: StatusTool;
  /** Staff the records may be given to (decision 254): «Asignar a …». */
  assignees?: { id: number; title: string }[];
}) {
  const adminAction = useAdminAction();
  const [everyMatch, setEveryMatch] = useState(false);
  const [action, setAction] = useState(status ? `status:${status.options[0]?.value}` : "delete");
  const [reason, setReason] = useState("");
  const busy = adminAction.busy("bulk");
  const count = everyMatch ? total : selected.length;
  // A refused action keeps the rows chosen and says why here, beside what to correct (a
  // «Perdido» without its «Motivo»): the reason's box takes the keyboard, and names the message.
  const answer = adminAction.answer("bulk");
  const refused = answer && !answer.ok && !busy ? answer.message : "";
  const refusalId = useId();
  const reasonInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (answer && !answer.ok) reasonInput.current?.focus();
  }, [answer]);

  useEffect(() => {
    if (!selected.length) setEveryMatch(false);
  }, [selected.length]);

  if (!selected.length) return null;
  const newStatus = action.startsWith("status:") ? action.slice("status:".length) : undefined;
  const statusTitle = status?.options.find((o) => o.value === newStatus)?.title;
  const needsReason = Boolean(status?.reason && newStatus === status.reason.status);
  const assignTo = action.startsWith("assign:") ? action.slice("assign:".length) : undefined;
  const assigneeTitle = assignees?.find((a) => String(a.id) === assignTo)?.title;

  const apply = async () => {
    const what = newStatus
      ? `${inNumber(count, "pasará", "pasarán")} a «${statusTitle}»`
      : assignTo !== undefined
        ? assigneeTitle
          ? `${inNumber(count, "pasará", "pasarán")} a ${assigneeTitle}, que recibirá un correo`
          : `${inNumber(count, "quedará", "quedarán")} sin asignar`
        : `se ${inNumber(count, "borrará", "borrarán")} de forma definitiva`;
    const confirmed = await askConfirmation(
      newStatus
        ? `¿Cambiar el estado de ${records(count)}?`
        : assignTo !== undefined
          ? `¿Asignar ${records(count)}?`
          : `¿Borrar ${records(count)}?`,
      `${inNumber(count, "El registro", `Los ${count} registros`)} ${what}.`,
      newStatus ? "Cambiar" : assignTo !== undefined ? "Asignar" : "Borrar",
    );
    if (!confirmed) return;
    const query = new URLSearchParams(search);
    query.delete("page");
    query.delete("per_page");
    adminAction.run({
      intent: "bulk",
      action: newStatus ? "status" : assignTo !== undefined ? "assign" : "delete",
      selection: everyMatch ? "all" : selected.join(","),
      query: query.toString(),
      ...(newStatus ? { status: newStatus } : {}),
      ...(assignTo !== undefined ? { assignee_id: assignTo } : {}),
      ...(needsReason ? { reason } : {}),
    });
  };

  return (
    <section
      aria-label="Acciones en bloque"
      className="mt-3 flex flex-wrap items-center gap-3 rounded-xl bg-ink px-4 py-3 text-plaster"
    >
      <p className="font-medium">
        {everyMatch
          ? `Todos los que coinciden: ${records(total)}`
          : `${records(selected.length)} ${inNumber(selected.length, "elegido", "elegidos")}`}
      </p>
      {total > selected.length ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={everyMatch}
            onChange={(event) => setEveryMatch(event.target.checked)}
            className="size-4 accent-ochre"
          />
          Aplicar a todos los que coinciden con la búsqueda ({total})
        </label>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        Acción
        <select
          value={action}
          onChange={(event) => setAction(event.target.value)}
          className="min-h-11 rounded-md bg-white px-2 py-1 text-ink"
        >
          {status?.options.map((option) => (
            <option key={option.value} value={`status:${option.value}`}>
              Pasar a «{option.title}»
            </option>
          ))}
          {assignees?.map((assignee) => (
            <option key={assignee.id} value={`assign:${assignee.id}`}>
              Asignar a {assignee.title}
            </option>
          ))}
          {assignees ? <option value="assign:">Dejar sin asignar</option> : null}
          {canDelete ? <option value="delete">Borrar</option> : null}
        </select>
      </label>
      {needsReason ? (
        <input
          ref={reasonInput}
          aria-label={status?.reason?.title}
          aria-invalid={refused && !reason.trim() ? true : undefined}
          aria-describedby={refused ? refusalId : undefined}
          placeholder={status?.reason?.title}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          className="rounded-md bg-white px-2 py-1 text-sm text-ink"
        />
      ) : null}
      {/* Busy, not disabled (decision 052): a disabled button drops the keyboard's focus. */}
      <button
        type="button"
        onClick={busy ? undefined : apply}
        aria-disabled={busy || undefined}
        className="min-h-11 rounded-md bg-terracotta px-4 py-1.5 font-medium text-white hover:bg-terracotta-dark aria-disabled:cursor-wait aria-disabled:opacity-70"
      >
        {busy ? "Aplicando..." : "Aplicar"}
      </button>
      {refused ? (
        <p id={refusalId} role="alert" className="w-full text-sm font-medium text-sand-200">
          {refused}
        </p>
      ) : null}
    </section>
  );
}
