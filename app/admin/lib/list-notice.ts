import { useEffect, useState } from "react";
import type { ActionResult } from "./actions";
import type { AdminRecord } from "./records";

/**
 * The list's status line. What the last change answered: a deletion or a record's status change
 * says so here, and a bulk action done too (a refused deletion or status change says why on its
 * own record, or here when the record has left the list meanwhile; a refused bulk action in its
 * bar). The latest of those or of an export (`setNotice`) is the line's. A new answer is the
 * trigger, and the list reloaded after it (`loaderData`: the answer comes first): a refusal is
 * said here only once its record has left the list (`records`, the list as now loaded).
 */
export function useListNotice(
  changed: ActionResult | undefined,
  loaderData: unknown,
  records: readonly AdminRecord[],
) {
  const [notice, setNotice] = useState("");
  // biome-ignore lint/correctness/useExhaustiveDependencies: records come with loaderData
  useEffect(
    () => setNotice(changed ? (changeNotice(changed, records) ?? "") : ""),
    [changed, loaderData],
  );
  return [notice, setNotice] as const;
}

/** The status line's report of a change, if it is the page's to make (see above). */
function changeNotice(changed: ActionResult, records: readonly AdminRecord[]): string | undefined {
  // A refused bulk action is said in its bar, beside what to correct (bulk-bar.tsx).
  if (changed.intent === "bulk") return changed.ok ? changed.message : undefined;
  if (changed.ok) {
    return changed.intent === "delete" || changed.intent === "status" ? changed.message : undefined;
  }
  const listed = records.some((record) => record.id === changed.id);
  return changed.intent === "status" && !listed
    ? `${changed.title ? `«${changed.title}»: ` : ""}${changed.message}`
    : undefined;
}
