// A <select> whose choice is saved at once (a record's status, who follows a lead: issue 13), except
// a choice reached with the keyboard on the closed control, which waits for Enter or for the control
// to lose focus; Escape undoes it (decision 161's addendum, reused for the assignee by decision 169).
// Chrome (Windows, Linux) changes a closed select's value at each ↓ and fires `change`, so saving
// there saved every step passed on the way: «Contactado» on the way from «Nuevo» to «Visita», each
// colleague's name on the way down the assignee list. A choice with the mouse, or in the open list
// (Alt+↓ or Space open it; its keys never reach the control), is still saved at once.
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";

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

/** The page's one-click controls of a kind that are drawn (the table's or the cards', whichever shows). */
const shownControls = (kind: string) =>
  [...document.querySelectorAll<HTMLSelectElement>(`select[data-choice="${kind}"]`)].filter(
    (select) => select.getClientRects().length > 0,
  );

/**
 * The control whose choice was last saved, and its place among the page's controls of its kind:
 * saving reloads the page's data, which draws the control anew (keyed by the value) or drops its
 * row (a list filtered by status), and focus would fall to the page's body.
 */
let savedFrom: { kind: string; record: string; place: number } | undefined;

/**
 * A change asked for from the page's other controls (a deletion, a bulk action, a note): its
 * button may be gone once the data reloads (the deleted row, the bulk bar of an emptied choice),
 * and focus with it.
 */
let changeAsked = false;

/** Called as a change is submitted (app/lib/admin-actions.ts): see `useChoiceFocus`. */
export function rememberChangeFocus() {
  changeAsked = true;
}

/**
 * After the page's data reloads: if saving a choice lost the focus, it goes back to that record's
 * control, or else to the control of the same kind now in its place (the next lead of an inbox),
 * or else to the page's heading (when the list is empty), which takes the returned props. Any
 * other change that lost the focus (a row deleted, the bulk bar gone with the rows it acted on)
 * takes it to the heading too, where the next Tab starts in the screen rather than at the top of
 * the page; the screen's status line says what was done. Focus that staff moved elsewhere stays
 * there.
 */
export function useChoiceFocus(data: unknown) {
  const fallback = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reloaded data is the trigger
  useEffect(() => {
    const saved = savedFrom;
    const asked = changeAsked;
    if (!saved && !asked) return;
    savedFrom = undefined;
    changeAsked = false;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    // Without a saved choice there are no controls to look in: the heading takes it.
    const controls = saved ? shownControls(saved.kind) : [];
    const target =
      controls.find((select) => select.dataset.record === saved?.record) ??
      controls[Math.min(saved?.place ?? 0, controls.length - 1)] ??
      fallback.current;
    target?.focus();
  }, [data]);
  return { ref: fallback, tabIndex: -1 };
}

/**
 * A staff screen's <h1> as the focus's fallback: `focus` is what useChoiceFocus returned, and the
 * heading shows no outline when a script, not staff, put the focus on it. `className` adds the
 * screen's own spacing and size.
 */
export function FallbackHeading({
  focus,
  className,
  children,
}: {
  focus: ReturnType<typeof useChoiceFocus>;
  className: string;
  children: ReactNode;
}) {
  return (
    <h1
      {...focus}
      className={`font-display text-3xl font-semibold text-ink focus:outline-none ${className}`}
    >
      {children}
    </h1>
  );
}

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
      if (!select.current) return;
      savedFrom = {
        kind,
        record: String(record),
        place: Math.max(0, shownControls(kind).indexOf(select.current)),
      };
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
