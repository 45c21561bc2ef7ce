import { Link } from "react-router";
import { type PublicProject, projectPath } from "../../content/projects";
import { SitePicture } from "./site-picture";

/**
 * On phones one row that scrolls sideways, a card and the edge of the next on screen, as the
 * service cards do (decision 182): the home page's featured projects and opinions then take one
 * card's height, and a quote link stays within two screens (issue 35). A grid from tablets on.
 */
export const sidewaysRow =
  "-mx-4 flex snap-x snap-mandatory scroll-px-4 items-start gap-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:grid sm:grid-cols-2 sm:items-stretch sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0";
export const sidewaysItem = "w-[85%] max-w-80 shrink-0 snap-start sm:w-auto sm:max-w-none";

/** A published project in a list: its cover, title, place and service, linking to its page. */
export function ProjectCard({
  project,
  className = "",
  priority = false,
}: {
  project: PublicProject;
  /** Extra classes of its list item (`sidewaysItem` in a sideways row). */
  className?: string;
  /**
   * The first card of a list that opens the page (/obras): its cover is then on a phone's first
   * screen and the page's largest image, so it is fetched from the HTML at once, not lazily
   * after the first layout (issue 35's Lighthouse budget). Cards further down stay lazy.
   */
  priority?: boolean;
}) {
  return (
    <li
      className={`overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-sand-200 ${className}`}
    >
      <Link to={projectPath(project.slug)} className="block">
        {project.cover ? (
          <SitePicture
            photo={project.cover}
            alt={project.cover.alt}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            priority={priority}
            className="aspect-4/3 w-full object-cover"
          />
        ) : null}
        <div className="p-5">
          <h3 className="text-xl font-semibold text-ink">{project.title}</h3>
          <p className="mt-1 text-ink-soft">
            {project.serviceTitle} · {project.city} · {project.year}
          </p>
          <p className="mt-3 leading-relaxed text-ink-soft">{project.summary}</p>
        </div>
      </Link>
    </li>
  );
}

/** Opinions as quotes: words, name or initials, city, date and source; no rating markup (251). */
export function ReviewList({
  reviews,
  headingId,
  title = "Lo que dicen nuestros clientes",
  sideways = false,
}: {
  reviews: readonly {
    id: number;
    author: string;
    city: string;
    rating: number;
    text: string;
    date: string;
    source: string;
    serviceTitle: string;
  }[];
  headingId: string;
  title?: string;
  /** On phones a row that scrolls sideways (the home page), not one opinion under another. */
  sideways?: boolean;
}) {
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-14">
      <h2 id={headingId} className="text-3xl font-semibold">
        {title}
      </h2>
      <ul className={`mt-8 ${sideways ? sidewaysRow : "grid gap-6 md:grid-cols-2"}`}>
        {reviews.map((review) => (
          <li
            key={review.id}
            className={`rounded-lg bg-white p-6 shadow-sm ring-1 ring-sand-200 ${sideways ? sidewaysItem : ""}`}
          >
            <figure>
              <p className="text-terracotta-dark">
                <span aria-hidden="true">
                  {"★".repeat(review.rating)}
                  {"☆".repeat(5 - review.rating)}
                </span>
                <span className="sr-only">{review.rating} de 5</span>
              </p>
              <blockquote className="mt-3 leading-relaxed text-ink">«{review.text}»</blockquote>
              <figcaption className="mt-3 text-sm text-ink-soft">
                {review.author}, {review.city} · {review.serviceTitle} ·{" "}
                <time dateTime={review.date}>
                  {new Date(`${review.date}T12:00:00Z`).toLocaleDateString("es-ES", {
                    month: "long",
                    year: "numeric",
                  })}
                </time>{" "}
                · {review.source}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
