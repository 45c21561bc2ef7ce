// The fill-time trap (decision 153): a request sent within seconds of the form being shown is a
// robot's. The time is read on the page's monotonic clock, never the device's date.
import { useState } from "react";

/** When the form was shown, and how long it has been on screen since. */
export function useFillTime() {
  // One object for the page's life: its readings are a mutable mark, not rendered state.
  const [clock] = useState(() => {
    let shownAt = 0;
    return {
      /** The form is shown afresh: on opening, after a link chose a service, once a request is sent. */
      restart: () => {
        shownAt = performance.now();
      },
      /** The form was on screen earlier than its script knew (typed into before hydration). */
      shownSince: (at: number) => {
        shownAt = Math.min(shownAt, at);
      },
      /** A restored draft's time already spent counts: sending it at once is not haste. */
      credit: (ms: number) => {
        shownAt -= Math.max(0, ms);
      },
      /** What the request reports as `form_fill_ms`. */
      elapsed: () => Math.round(performance.now() - shownAt),
      /** When the form was first shown on the device's clock, as the draft keeps it. */
      startedAt: () => Math.round(Date.now() - (performance.now() - shownAt)),
    };
  });
  return clock;
}

export type FillTime = ReturnType<typeof useFillTime>;
