import { Link, useSearchParams } from "react-router";
import { pageWindow } from "~/admin/lib/records";

/**
 * Page links of an admin list (SPEC §9); nothing when everything fits on the one page shown. A
 * page past the last (rows deleted meanwhile) gets the links to the pages that remain.
 */
export function Pagination({ current, last }: { current: number; last: number }) {
  // Page links keep the list's search, filters and order (issue 13).
  const [search] = useSearchParams();
  const pageLink = (page: number) => {
    const next = new URLSearchParams(search);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };
  if (last <= 1 && current <= last) return null;
  return (
    <nav aria-label="Paginación" className="mt-8">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        {pageWindow(current, last).map((item, index) =>
          item === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, fixed by position
            <li key={`gap-${index}`} className="px-2 text-ink-soft">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={pageLink(item)}
                aria-current={item === current ? "page" : undefined}
                aria-label={`Página ${item}`}
                className={`inline-flex min-w-10 items-center justify-center rounded-md px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-focus ${
                  item === current ? "bg-ink text-plaster" : "text-ink hover:bg-sand-100"
                }`}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
