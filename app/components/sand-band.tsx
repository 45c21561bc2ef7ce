import type { ReactNode } from "react";
import { SectionHeading } from "~/components/section-heading";

/**
 * A full-width section on the sand background, ruled above and below, with its heading: how the
 * public pages set a section apart from the white ones around it (home's services and «Qué y
 * dónde», the team's groups, a category's services, a service's gallery).
 */
export function SandBand({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="border-y border-sand-200 bg-sand-50">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <SectionHeading id={id} title={title} subtitle={subtitle} />
        {children}
      </div>
    </section>
  );
}
