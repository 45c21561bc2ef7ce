import { z } from "zod";

/**
 * Two traps for form-filling robots (issue 12; decisions 130, 153), invisible to people:
 * - `website`, a field hidden from sight and from screen readers, that only a robot fills;
 * - `form_fill_ms`, how long the form was on screen before it was sent, measured by the page
 *   on its own monotonic clock (never the device's date, which may be minutes wrong): nobody
 *   writes a request in under `minimumFillMs`.
 * Both are optional, so SPEC §7's API call without them is no spam. A request caught in a trap
 * gets the same answer as any other and is stored nowhere.
 */
export const spamTraps = {
  website: z.unknown().optional(),
  form_fill_ms: z.unknown().optional(),
};

export const minimumFillMs = 3_000;

export function looksLikeSpam(traps: { website?: unknown; form_fill_ms?: unknown }): boolean {
  if (traps.website !== undefined && traps.website !== null && traps.website !== "") return true;
  if (traps.form_fill_ms === undefined || traps.form_fill_ms === "") return false;
  // A time that is no number, or negative, was not measured by the page.
  const filledIn = Number(traps.form_fill_ms);
  return !Number.isFinite(filledIn) || filledIn < minimumFillMs;
}
