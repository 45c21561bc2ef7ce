// The step funnel (decision 264): a count per service and step, no identifier, no cookie sent.
import { useEffect } from "react";
import { type FunnelStep, noFunnelService } from "../../content/quote-funnel";

/**
 * Reports reaching `step` for `service` (none chosen yet: «ninguno»). The answer's body is read:
 * one left unread keeps the request open in Chromium's DevTools, and a page with it never reaches
 * «network idle» for the tools that wait for it (Lighthouse, the a11y tests).
 */
export function reportFunnelStep(service: string | undefined, step: FunnelStep) {
  fetch("/api/funnel", {
    method: "POST",
    credentials: "omit",
    body: JSON.stringify({ service: service || noFunnelService, step }),
    keepalive: true,
    headers: { "Content-Type": "application/json" },
  })
    .then((answer) => answer.text())
    .catch(() => {});
}

/** Reports reaching `step` once per service shown with it. */
export function useFunnelStep(service: string | undefined, step: FunnelStep) {
  useEffect(() => reportFunnelStep(service, step), [service, step]);
}
