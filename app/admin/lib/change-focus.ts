// Where the keyboard's focus goes once a change staff made reloads the screen's data (decisions
// 169, 196): a one-click control drawn anew, a row gone from the list, a bulk bar gone
// with its rows. The one-click controls (components/one-click-choice.tsx) and the actions that
// submit a change (./actions.ts) say what they did; the screen's `useChoiceFocus` puts it back.
import { useEffect, useRef } from "react";

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

/** Called as a one-click control saves its choice (`select`, of `kind`, for `record`). */
export function rememberChoiceFocus(kind: string, record: number, select: HTMLSelectElement) {
  savedFrom = {
    kind,
    record: String(record),
    place: Math.max(0, shownControls(kind).indexOf(select)),
  };
}

/** Called as a change is submitted (./actions.ts): see `useChoiceFocus`. */
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
