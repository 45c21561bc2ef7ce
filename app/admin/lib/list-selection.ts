import { useState } from "react";
import type { ActionResult } from "./actions";

/**
 * The records picked for the bulk actions, and the list they were picked on (`listed`, the
 * loader's data). A new page, filter or a change done is a new list: nothing stays chosen from
 * the old one. A refused change (a bulk «Perdido» without its «Motivo») changed nothing: the rows
 * stay chosen, to correct and apply again. Reset while drawing the new list, not in an effect
 * after it: the bulk bar then leaves with the old rows, before the focus it held is looked for
 * (useChoiceFocus, which the screen calls after this).
 */
export function useListSelection(listed: unknown, changed: ActionResult | undefined) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [shown, setShown] = useState(listed);
  if (shown !== listed) {
    setShown(listed);
    if (!changed || changed.ok) setSelected(new Set());
  }
  const toggle = (id: number, on: boolean) =>
    setSelected((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  /** Every record of the page picked (`ids`), or none. */
  const pickAll = (ids: readonly number[]) => setSelected(new Set(ids));
  return { selected, toggle, pickAll };
}
