import type { ReactNode } from "react";
import type { useChoiceFocus } from "~/admin/lib/change-focus";

/**
 * A staff screen's <h1> as the focus's fallback: `focus` is what useChoiceFocus returned, and the
 * heading shows no outline when a script, not staff, put the focus on it. `className` adds the
 * screen's own spacing and size.
 */
export function FallbackHeading({
  focus,
  className,
  children,
}: {
  focus: ReturnType<typeof useChoiceFocus>;
  className: string;
  children: ReactNode;
}) {
  return (
    <h1
      {...focus}
      className={`font-display text-3xl font-semibold text-ink focus:outline-none ${className}`}
    >
      {children}
    </h1>
  );
}
