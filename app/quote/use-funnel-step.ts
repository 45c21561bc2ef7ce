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
    }).catch(() => {});
  }, [service, step]);
}
