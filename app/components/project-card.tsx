import { Link } from "react-router";
import { type PublicProject, projectPath } from "../../content/projects";
import { SitePicture } from "./site-picture";

/** A published project in a list: its cover, title, place and service, linking to its page. */
export function ProjectCard({ project }: { project: PublicProject }) {
  return (
    <li className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-sand-200">
      <Link to={projectPath(project.slug)} className="block">
        {project.cover ? (
          <SitePicture
            photo={project.cover}
            alt={project.cover.alt}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
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
}) {
  if (reviews.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-14">
      <h2 id={headingId} className="text-3xl font-semibold">
        {title}
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {reviews.map((review) => (
          <li key={review.id} className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-sand-200">
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
