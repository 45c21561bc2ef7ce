// One-click status change (issue 13): choosing a step saves it at once through the route's
// clientAction; the step that needs a reason (a lost lead) asks for it first. A step reached with
// the keyboard on the closed control waits for Enter or for the control to lose focus (decision
// 161): Chrome changes a closed select's value at each ↓, and saving there saved «Contactado» on
// the way from «Nuevo» to «Visita».
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from "react";
import type { AdminRecord, StatusTool } from "~/lib/admin";
import { useAdminAction } from "~/lib/admin-actions";

/** A record's one-click status steps, in a list's row or card or on its own page. */
export function RecordStatus({ record, status }: { record: AdminRecord; status: StatusTool }) {
  const value = String(record[status.field] ?? "");
  // A new status from the server (a bulk change, a colleague's) is a new control: the old one
  // would keep showing the step it last chose.
  return (
    <StatusControl
      key={value}
      status={status}
      id={record.id}
      value={value}
      recordTitle={record.record_title}
    />
  );
}

/** Keys that move a closed select to another option without opening it (Windows, Linux). */
const MOVING_KEYS = new Set([
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

/** A key that moves the closed select (a letter jumps to its option); not one that opens it. */
const movesChoice = (event: KeyboardEvent) =>
  !event.altKey &&
  !event.ctrlKey &&
  !event.metaKey &&
  (MOVING_KEYS.has(event.key) || (event.key.length === 1 && event.key !== " "));

/** The page's status controls that are drawn (the table's or the cards', whichever shows). */
const shownControls = () =>
  [...document.querySelectorAll<HTMLSelectElement>("select[data-status-of]")].filter(
    (select) => select.getClientRects().length > 0,
  );

/**
 * The control whose status was last saved, and its place among the page's controls: saving
 * reloads the page's data, which draws the control anew (keyed by the status) or drops its row
 * (a list filtered by status), and focus would fall to the page's body.
 */
let savedFrom: { id: number; place: number } | undefined;

/**
 * After the page's data reloads: if a status change lost the focus, it goes back to that
 * record's control, or else to the control now in its place (the next lead of an inbox), or
 * else to `fallback` (the page's heading, when the list is empty).
 */
export function useStatusFocus(data: unknown, fallback: RefObject<HTMLElement | null>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reloaded data is the trigger
  useEffect(() => {
    const saved = savedFrom;
    if (!saved) return;
    savedFrom = undefined;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const controls = shownControls();
    const target =
      controls.find((select) => select.dataset.statusOf === String(saved.id)) ??
      controls[Math.min(saved.place, controls.length - 1)] ??
      fallback.current;
    target?.focus();
  }, [data]);
}

function StatusControl({
  status,
  id,
  value,
  recordTitle,
}: {
  status: StatusTool;
  id: number;
  value: string;
  recordTitle: string;
}) {
  const action = useAdminAction();
  const [chosen, setChosen] = useState(value);
  const [reason, setReason] = useState("");
  // A key that moves the closed select is down: the change it makes waits for Enter or blur.
  const moving = useRef(false);
  // A step chosen with those keys and not saved yet.
  const [waiting, setWaiting] = useState(false);
  const waitingRef = useRef(false);
  const select = useRef<HTMLSelectElement>(null);
  const reasonInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const needsReason = status.reason && chosen === status.reason.status && chosen !== value;
  const busy = action.busy("status", id);
  const failed = action.answer("status", id);
  const optionTitle = (step: string) =>
    status.options.find((option) => option.value === step)?.title ?? step;
  const wait = (on: boolean) => {
    waitingRef.current = on;
    setWaiting(on);
  };
  const save = (next: string, why?: string) => {
    if (select.current) {
      savedFrom = { id, place: Math.max(0, shownControls().indexOf(select.current)) };
    }
    // `from`: the step shown, so a colleague's newer step is refused rather than undone.
    action.run({
      intent: "status",
      id: String(id),
      status: next,
      from: value,
      ...(why ? { reason: why } : {}),
      // What the page's status line says once it is saved (the row may leave the list).
      record_title: recordTitle,
      status_title: optionTitle(next),
    });
  };
  /** Saves the step the keyboard chose; a lost lead first asks for its reason. */
  const commit = (askReason: boolean) => {
    if (!waitingRef.current) return;
    wait(false);
    if (chosen === value) return;
    if (status.reason && chosen === status.reason.status) {
      if (askReason) reasonInput.current?.focus();
      return;
    }
    save(chosen);
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <select
        ref={select}
        data-status-of={id}
        aria-label={`${status.title}: ${recordTitle}`}
        aria-describedby={waiting ? hintId : undefined}
        value={chosen}
        disabled={busy}
        onKeyDown={(event) => {
          if (movesChoice(event)) {
            moving.current = true;
            // The change event comes within this key's default action; then it is over.
            setTimeout(() => {
              moving.current = false;
            }, 0);
          } else if (event.key === "Enter" && waitingRef.current) {
            event.preventDefault();
            commit(true);
          } else if (event.key === "Escape" && waitingRef.current) {
            event.preventDefault();
            wait(false);
            setChosen(value);
          }
        }}
        onBlur={() => commit(false)}
        onChange={(event) => {
          const next = event.target.value;
          setChosen(next);
          if (moving.current) {
            wait(next !== value);
            return;
          }
          wait(false);
          if (next !== value && !(status.reason && next === status.reason.status)) save(next);
        }}
        className="rounded-md border border-sand-300 bg-white px-2 py-1 text-sm text-ink"
      >
        {status.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.title}
          </option>
        ))}
      </select>
      {waiting ? (
        <span id={hintId} className="text-xs text-ink-soft">
          Sin guardar: Intro guarda, Esc deshace
        </span>
      ) : null}
      {needsReason ? (
        <>
          <input
            ref={reasonInput}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
            aria-label={`${status.reason?.title}: ${recordTitle}`}
            placeholder={status.reason?.title}
            className="rounded-md border border-sand-300 px-2 py-1 text-sm"
          />
          <button
            type="button"
            onClick={() => save(chosen, reason)}
            className="rounded-md bg-ink px-3 py-1 text-sm text-plaster"
          >
            Guardar
          </button>
        </>
      ) : null}
      {busy ? <span className="text-sm text-ink-soft">Guardando...</span> : null}
      {failed && !failed.ok && !busy ? (
        <span role="alert" className="text-sm text-terracotta-dark">
          {failed.message}
        </span>
      ) : null}
    </div>
  );
}
