import { Link } from "react-router";
import { Picture } from "~/components/picture";
import type { ImageId } from "../../content/images";
import { useDisclosure } from "./disclosure";
import { DisclosureChevron } from "./disclosure-chevron";

export interface ServiceCardData {
  title: string;
  summary: string;
  image: ImageId;
  href: string;
  /** Small label above the title, e.g. the category. */
  eyebrow?: string;
}

/**
 * A service card (SPEC §2): image, title, a disclosure button that shows the description, and a
 * link to the service's page. The description is in the HTML either way (hidden until opened),
 * so search engines read it and opening it never waits for the network.
 */
export function ServiceCard({
  card,
  headingLevel = 3,
}: {
  card: ServiceCardData;
  headingLevel?: 2 | 3;
}) {
  const { open, id, button } = useDisclosure();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-sand-200 transition-shadow hover:shadow-md">
      <div className="aspect-[16/10] overflow-hidden bg-sand-100 sm:aspect-[4/3]">
        <Picture
          id={card.image}
          sizes="(min-width: 1280px) 400px, (min-width: 640px) 50vw, 80vw"
          className="h-full w-full object-cover"
          alt=""
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5 sm:p-6">
        {card.eyebrow && (
          <p className="text-xs font-semibold tracking-wide text-terracotta uppercase">
            {card.eyebrow}
          </p>
        )}
        <Heading className="text-xl font-semibold">{card.title}</Heading>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-4 pt-2">
          <button
            {...button}
            aria-label={`Qué incluye: ${card.title}`}
            className="flex min-h-11 items-center gap-2 rounded text-sm font-semibold text-ink-soft hover:text-ink"
          >
            <DisclosureChevron open={open} />
            Qué incluye
          </button>
          <Link
            to={card.href}
            aria-label={`Ver el servicio: ${card.title}`}
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-terracotta underline-offset-4 hover:text-terracotta-dark hover:underline"
          >
            Ver el servicio
            <span aria-hidden="true">→</span>
          </Link>
        </div>
        <p
          id={id}
          hidden={!open}
          className="border-t border-sand-200 pt-3 leading-relaxed text-ink-soft"
        >
          {card.summary}
        </p>
      </div>
    </article>
  );
}

/**
 * Service cards: on phones one row that scrolls sideways, a card and the edge of the next on
 * screen, so 14 cards take one card's height instead of fourteen (decision 182); a grid of two
 * columns on tablets and three on desktops. CSS only: the row snaps card by card; in it each
 * card is as tall as its own content, so an open description does not stretch the others; a
 * card's button and link take focus as before (the browser scrolls the focused one into view).
 */
export function ServicesGrid({
  cards,
  headingLevel = 3,
}: {
  cards: ServiceCardData[];
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 items-start gap-4 overflow-x-auto px-4 pb-3 sm:mx-0 sm:grid sm:grid-cols-2 sm:items-stretch sm:gap-6 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3">
      {cards.map((card) => (
        <li
          key={card.href}
          className="grid w-[85%] max-w-80 shrink-0 snap-start sm:w-auto sm:max-w-none"
        >
          <ServiceCard card={card} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
