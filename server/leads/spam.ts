import { z } from "zod";

/**
 * Two traps for form-filling robots (issue 12; decision 130), invisible to people:
 * - `website`, a field hidden from sight and from screen readers, that only a robot fills;
 * - `form_started_at`, the time the form was shown (ms since 1970, set by the page): nobody
 *   writes a request in under `minimumFillMs`.
 * Both are optional, so SPEC §7's API call without them is no spam. A request caught in a trap
 * gets the same answer as any other and is stored nowhere.
 */
export const spamTraps = {
  website: z.unknown().optional(),
  form_started_at: z.unknown().optional(),
};

export const minimumFillMs = 3_000;

export function looksLikeSpam(
  traps: { website?: unknown; form_started_at?: unknown },
  now = Date.now(),
): boolean {
  if (traps.website !== undefined && traps.website !== null && traps.website !== "") return true;
  const started = Number(traps.form_started_at);
  if (traps.form_started_at === undefined || traps.form_started_at === "") return false;
  // A time that is no number, or in the future, was not set by the page.
  if (!Number.isFinite(started) || started > now + 60_000) return true;
  return now - started < minimumFillMs;
}
