import { Link } from "react-router";
import { noindexMeta, type PageMatches } from "~/lib/seo";
import { notFoundPage } from "../../content/pages";
import { primaryButton, secondaryButton } from "./buttons";

/**
 * The Not Found page of SPEC §2. Rendered by the catch-all route and by service routes whose
 * category or slug does not exist, always with HTTP status 404.
 */
export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-4 py-20 sm:py-28">
      <p className="font-display text-6xl font-semibold text-terracotta sm:text-7xl">
        {notFoundPage.status}
      </p>
      <h1 className="text-3xl font-semibold sm:text-4xl">{notFoundPage.message}</h1>
      <p className="text-lg text-ink-soft">{notFoundPage.hint}</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={primaryButton}>
          {notFoundPage.linkText}
        </Link>
        <Link to="/services" className={secondaryButton}>
          Ver servicios
        </Link>
      </div>
    </div>
  );
}

/** Head of the Not Found page: its title and texts, and no indexing. */
export function notFoundMeta(matches: PageMatches) {
  return noindexMeta(
    {
      title: notFoundPage.title,
      description: `${notFoundPage.message} ${notFoundPage.hint}`,
    },
    matches,
  );
}
