// A <select> whose choice is saved at once (a record's status, who follows a lead: issue 13), except
// a choice reached with the keyboard on the closed control, which waits for Enter or for the control
// to lose focus; Escape undoes it (decision 161, reused for the assignee by decision 169).
// Chrome (Windows, Linux) changes a closed select's value at each ↓ and fires `change`, so saving
// there saved every step passed on the way: «Contactado» on the way from «Nuevo» to «Visita», each
// colleague's name on the way down the assignee list. A choice with the mouse, or in the open list
// (Alt+↓ or Space open it; its keys never reach the control), is still saved at once.
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import { rememberChoiceFocus } from "~/admin/lib/change-focus";

/** How a choice was made: in the open list or with the mouse, or confirmed with Enter or by leaving. */
export type ChoiceCommit = "pick" | "enter" | "blur";

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

/**
 * The state and handlers of one control. `onCommit` decides what a choice does (the status's
 * «Perdido» asks for its reason first); it calls `rememberFocus` before saving.
 */
export function useOneClickChoice({
  kind,
  record,
  value,
  onCommit,
}: {
  /** What the control chooses ("status", "assignee"): focus returns to a control of this kind. */
  kind: string;
  record: number;
  /** The saved value, as the control showed it when drawn. */
  value: string;
  onCommit: (next: string, how: ChoiceCommit) => void;
}) {
  const [chosen, setChosen] = useState(value);
  // A key that moves the closed select is down: the change it makes waits for Enter or blur.
  const moving = useRef(false);
  // A choice made with those keys and not saved yet.
  const [waiting, setWaiting] = useState(false);
  const waitingRef = useRef(false);
  const select = useRef<HTMLSelectElement>(null);
  const hintId = useId();
  const wait = (on: boolean) => {
    waitingRef.current = on;
    setWaiting(on);
  };
  /** Confirms the choice the keyboard made and left waiting. */
  const confirm = (how: ChoiceCommit) => {
    if (!waitingRef.current) return;
    wait(false);
    if (chosen !== value) onCommit(chosen, how);
  };

  const hint: ReactNode = waiting ? (
    <span id={hintId} className="text-xs text-ink-soft">
      Sin guardar: Intro guarda, Esc deshace
    </span>
  ) : null;

  return {
    chosen,
    hint,
    rememberFocus: () => {
      if (select.current) rememberChoiceFocus(kind, record, select.current);
    },
    selectProps: {
      ref: select,
      "data-choice": kind,
      "data-record": record,
      value: chosen,
      "aria-describedby": waiting ? hintId : undefined,
      onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
        if (movesChoice(event)) {
          moving.current = true;
          // The change event comes within this key's default action; then it is over.
          setTimeout(() => {
            moving.current = false;
          }, 0);
        } else if (event.key === "Enter" && waitingRef.current) {
          event.preventDefault();
          confirm("enter");
        } else if (event.key === "Escape" && waitingRef.current) {
          event.preventDefault();
          wait(false);
          setChosen(value);
        }
      },
      onBlur: () => confirm("blur"),
      onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
        const next = event.target.value;
        setChosen(next);
        if (moving.current) {
          wait(next !== value);
          return;
        }
        wait(false);
        if (next !== value) onCommit(next, "pick");
      },
    },
  };
}
