// Google tag commands (gtag.js) for page views and ad conversions. Every command goes through
// window.gtag, defined by the inline bootstrap in <head> (consent.ts) before any other script,
// so the consent default is always the first command in window.dataLayer. Pushing to the
// dataLayer never sends anything by itself: only gtag.js does, and it is loaded only when a
// measurement id is configured and the visitor has consented (docs/decisions/037).
import { adsConversionSendTo } from "./site";

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export function gtag(...args: unknown[]): void {
  if (typeof window === "undefined") return;
  window.gtag?.(...args);
}

/**
 * A path safe to send to a third party: the one-time tokens and the e-mail address in the
 * verification and password links are replaced by their names.
 */
export function redactedPath(path: string): string {
  return path
    .replace(/^\/verify-email\/[^/?#]+/, "/verify-email/:token")
    .replace(/^\/change-password\/[^/?#]+\/[^/?#]+/, "/change-password/:email/:token");
}

/** One page view per navigation (SPEC §2), sent from the root on every location change. */
export function trackPageView(path: string): void {
  if (typeof document === "undefined") return;
  const page_path = redactedPath(path);
  const page_location = `${window.location.origin}${page_path}`;
  // `set` as well, so later events on this page (conversions) carry the redacted address too.
  gtag("set", { page_location, page_path });
  gtag("event", "page_view", { page_path, page_location, page_title: document.title });
}

/** A lead: the visitor tapped 'Llámanos' or sent the contact form (SPEC §7). */
export function trackConversion(kind: "phone" | "whatsapp" | "contact"): void {
  gtag("event", "conversion", {
    conversion_type: kind,
    ...(adsConversionSendTo ? { send_to: adsConversionSendTo } : {}),
  });
}
