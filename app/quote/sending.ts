// What the request being sent tells the form while it goes (decisions 181, 197).
import type { Waiting } from "~/lib/quote-retry";
import type { Progress } from "~/lib/upload-progress";

/**
 * What clientAction's sending tells the form while it goes: React Router hands clientAction only
 * the request, so the two meet here. One form on the page, one request at a time (the form's
 * `awaiting`).
 */
export function sharedWithTheForm<T>() {
  let current: T | undefined;
  const listeners = new Set<() => void>();
  return {
    set(value: T | undefined) {
      current = value;
      for (const listener of listeners) listener();
    },
    get: () => current,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** How far the photos' upload has gone (decision 181), for the form's bar. */
export const upload = sharedWithTheForm<Progress>();
/** The attempt a passing outage makes the form wait for (decision 197). */
export const waiting = sharedWithTheForm<Waiting>();
