// A tap on the company's phone number is a lead: record the conversion first, then dial after
// 500 ms (SPEC §9) so the tag has time to leave before the phone app takes over.
import type { MouseEvent, ReactNode } from "react";
import { trackConversion } from "~/lib/analytics";
import { company } from "../../content/company";

export const DIAL_DELAY_MS = 500;

export function CallLink({
  className,
  children,
  label,
}: {
  className?: string;
  children: ReactNode;
  /** Accessible name when the visible text alone would not say it (e.g. an icon). */
  label?: string;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (copy link, open elsewhere) are left to the browser.
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    trackConversion("phone");
    window.setTimeout(() => {
      window.location.href = company.phoneHref;
    }, DIAL_DELAY_MS);
  };
  return (
    <a href={company.phoneHref} onClick={onClick} className={className} aria-label={label}>
      {children}
    </a>
  );
}
