import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Crumb } from "../lib/seo";

/**
 * The top of every content page: breadcrumbs (the last one is the current page), an optional
 * eyebrow label, the page's only <h1> and a lead paragraph.
 */
export function PageIntro({
  title,
  subtitle,
  eyebrow,
  crumbs,
  children,
}: {
  title: string;
  subtitle?: string;
  eyebrow?: string;
  crumbs?: Crumb[];
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-sand-200 bg-sand-50">
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-10 sm:pb-14">
        {crumbs && <Breadcrumbs crumbs={crumbs} />}
        <div className="mt-6 max-w-3xl sm:mt-10">
          {eyebrow && (
            <p className="mb-3 text-sm font-semibold tracking-wide text-terracotta uppercase">
              {eyebrow}
            </p>
          )}
          <h1 className="text-4xl leading-tight font-semibold sm:text-5xl">{title}</h1>
          {subtitle && (
            <p className="mt-4 text-lg leading-relaxed text-ink-soft sm:text-xl">{subtitle}</p>
          )}
          {children}
        </div>
      </div>
    </header>
  );
}

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Ruta de navegación" className="text-sm text-ink-soft">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-2">
              {index > 0 && <span aria-hidden="true">/</span>}
              {current ? (
                <span aria-current="page" className="font-medium text-ink">
                  {crumb.name}
                </span>
              ) : (
                <Link to={crumb.path} className="underline-offset-4 hover:text-ink hover:underline">
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
