// The step funnel (decision 264): a count per service and step, no identifier, no cookie sent.
import { useEffect } from "react";
import { type FunnelStep, noFunnelService } from "../../content/quote-funnel";

/** Reports reaching `step` (once per service and step shown). */
export function useFunnelStep(service: string | undefined, step: FunnelStep) {
  useEffect(() => {
    const reached = { service: service || noFunnelService, step };
    fetch("/api/funnel", {
      method: "POST",
      credentials: "omit",
      keepalive: true,
      body: JSON.stringify(reached),
      headers: { "Content-Type": "application/json" },
    })
      // Read to the end: an unread answer keeps the request open in Chromium, and /contact
      // never went quiet on the network.
      .then((answer) => answer.text())
      .catch(() => {});
  }, [service, step]);
}
