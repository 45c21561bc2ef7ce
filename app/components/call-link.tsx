// A tap on the company's phone number is a lead: record the conversion first, then dial after
// 500 ms (SPEC §9) so the tag has time to leave before the phone app takes over. The same for
// WhatsApp (issue 12), whose chat opens with a Spanish text naming the page.

import type { MouseEvent, ReactNode } from "react";
import { trackConversion } from "~/lib/analytics";
import { useCompany } from "~/lib/company";

export const DIAL_DELAY_MS = 500;

export function CallLink({
  className,
  children,
  label,
  kind = "phone",
}: {
  className?: string;
  children: ReactNode;
  /** Accessible name when the visible text alone would not say it (e.g. an icon). */
  label?: string;
  /** A call (the default) or a WhatsApp chat with the company's number. */
  kind?: "phone" | "whatsapp";
}) {
  const company = useCompany();
  const href = kind === "phone" ? company.phoneHref : `https://wa.me/${company.whatsapp}`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks (copy link, open elsewhere) are left to the browser.
    if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    trackConversion(kind);
    const text = `Hola, os escribo desde vuestra página «${document.title}». Quería pedir información.`;
    window.setTimeout(() => {
      window.location.href = kind === "phone" ? href : `${href}?text=${encodeURIComponent(text)}`;
    }, DIAL_DELAY_MS);
  };
  return (
    <a href={href} onClick={onClick} className={className} aria-label={label}>
      {children}
    </a>
  );
}
