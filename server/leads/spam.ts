import { randomInt } from "node:crypto";
import { z } from "zod";

/**
 * Two traps for form-filling robots (issue 12; decisions 130, 153), invisible to people:
 * - `website`, a field hidden from sight and from screen readers, that only a robot fills;
 * - `form_fill_ms`, how long the form was on screen before it was sent, measured by the page
 *   on its own monotonic clock (never the device's date, which may be minutes wrong).
 * Both are optional, so SPEC §7's API call without them is no spam. A request caught in the
 * hidden field, or with a fill time no page measured, gets the same answer as any other, with a
 * reference of its own (`trapReference`), and is stored nowhere; one log line says which trap and the fill time, never what was sent (a
 * password manager may fill the hidden field for a real visitor; decision 173). One sent faster than `minimumFillMs` may be a person's (autofill and a short
 * message): it is refused with a word to send it again, never dropped (decision 153).
 */
export const spamTraps = {
  website: z.unknown().optional(),
  form_fill_ms: z.unknown().optional(),
};

export const minimumFillMs = 3_000;

export const tooFastMessage =
  "Has enviado la solicitud en menos de 3 segundos. Comprueba que todo está bien y vuelve a enviarla.";

const measured = (fillMs: unknown) =>
  fillMs === undefined || fillMs === "" ? undefined : Number(fillMs);

/** The fill time as a number for a log line; null when what was sent is no number. */
export function fillTimeOf(fillMs: unknown): number | null | undefined {
  const filledIn = measured(fillMs);
  return filledIn === undefined || Number.isFinite(filledIn) ? filledIn : null;
}

/** Which trap a request fell into, if any: the hidden field, or a fill time no page measured. */
export type SpamTrap = "website" | "form_fill_ms";

export function spamTrapOf(traps: {
  website?: unknown;
  form_fill_ms?: unknown;
}): SpamTrap | undefined {
  if (traps.website !== undefined && traps.website !== null && traps.website !== "") {
    return "website";
  }
  const filledIn = measured(traps.form_fill_ms);
  if (filledIn !== undefined && !(Number.isFinite(filledIn) && filledIn >= 0)) {
    return "form_fill_ms";
  }
  return undefined;
}

/** The hidden field filled, or a fill time that is no number, or negative: a robot's. */
export const looksLikeSpam = (traps: { website?: unknown; form_fill_ms?: unknown }): boolean =>
  spamTrapOf(traps) !== undefined;

/** Measured by the page, and shorter than anyone writes a request without help. */
export function sentTooFast(fillMs: unknown): boolean {
  const filledIn = measured(fillMs);
  return filledIn !== undefined && filledIn >= 0 && filledIn < minimumFillMs;
}

/**
 * The numbers a trapped request's reference is drawn from: a block real references pass over
 * (store_contact, migration 0019), so one given to a robot is nobody's, now or later, and says
 * nothing of how many requests the year has had (decision 205).
 */
export const trapReferenceNumbers = { from: 90_000, to: 99_999 };

const madridYear = new Intl.DateTimeFormat("en", { timeZone: "Europe/Madrid", year: "numeric" });

/** A reference as a real request of this year gets one (OM-YYYY-NNNNN), for a trapped one. */
export function trapReference(now = new Date()): string {
  const { from, to } = trapReferenceNumbers;
  return `OM-${madridYear.format(now)}-${randomInt(from, to + 1)}`;
}
