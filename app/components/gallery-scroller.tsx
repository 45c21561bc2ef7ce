// Horizontal image scroller of the gallery page and the home page's strip (SPEC §2, §9): the
// arrow buttons move it exactly 300 px per click; the strip itself is a focusable region, so the
// keyboard's arrow keys scroll it too. No scroll snapping: it would round the 300 px step.
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Picture } from "~/components/picture";
import type { ImageId } from "../../content/images";
import { ArrowIcon } from "./arrow-icon";

export const SCROLL_STEP_PX = 300;

export interface GalleryItem {
  image: ImageId;
  /** Short caption under the image, e.g. the service it shows. */
  caption?: string;
  /** Where the caption links to, e.g. the service page. */
  href?: string;
}

export const scrollerImageSizes = "(min-width: 640px) 384px, 288px";

export function GalleryScroller({
  items,
  label,
  priorityFirst = false,
  heading,
}: {
  items: readonly GalleryItem[];
  label: string;
  /** The first image is the page's largest one above the fold: load it eagerly. */
  priorityFirst?: boolean;
  /** Shown on the same row as the arrow buttons, e.g. the section's <h2>. */
  heading?: React.ReactNode;
}) {
  const strip = useRef<HTMLUListElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  const updateEnds = useCallback(() => {
    const element = strip.current;
    if (!element) return;
    setAtStart(element.scrollLeft <= 0);
    setAtEnd(element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);
  }, []);

  useEffect(() => {
    updateEnds();
    window.addEventListener("resize", updateEnds);
    return () => window.removeEventListener("resize", updateEnds);
  }, [updateEnds]);

  const scroll = (direction: -1 | 1) => {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    strip.current?.scrollBy({
      left: direction * SCROLL_STEP_PX,
      behavior: reduced ? "auto" : "smooth",
    });
  };

  return (
    <div className="relative">
      <div className="mb-6 flex items-end gap-2">
        <div className="mr-auto">{heading}</div>
        <ScrollButton
          label="Desplazar la galería a la izquierda"
          disabled={atStart}
          onClick={() => scroll(-1)}
        >
          <ArrowIcon direction="left" />
        </ScrollButton>
        <ScrollButton
          label="Desplazar la galería a la derecha"
          disabled={atEnd}
          onClick={() => scroll(1)}
        >
          <ArrowIcon direction="right" />
        </ScrollButton>
      </div>
      <ul
        ref={strip}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable strip must be focusable to scroll it with the keyboard (WCAG 2.1.1)
        tabIndex={0}
        aria-label={label}
        onScroll={updateEnds}
        className="flex gap-4 overflow-x-auto overscroll-x-contain rounded-lg pb-4"
        data-gallery-strip
      >
        {items.map((item, index) => (
          <li key={item.image} className="shrink-0">
            <figure className="w-72 sm:w-96">
              <div className="aspect-[4/3] overflow-hidden rounded-lg bg-sand-100 shadow-sm ring-1 ring-sand-200">
                <Picture
                  id={item.image}
                  sizes={scrollerImageSizes}
                  priority={priorityFirst && index === 0}
                  className="h-full w-full object-cover"
                />
              </div>
              {item.caption && (
                <figcaption className="mt-2 text-sm text-ink-soft">
                  {item.href ? (
                    <Link
                      to={item.href}
                      className="font-medium underline-offset-4 hover:text-ink hover:underline"
                    >
                      {item.caption}
                    </Link>
                  ) : (
                    item.caption
                  )}
                </figcaption>
              )}
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ScrollButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-disabled={disabled}
      onClick={disabled ? undefined : onClick}
      className="flex size-11 items-center justify-center rounded-full border border-ink/20 bg-white text-ink shadow-sm transition-colors hover:border-ink hover:bg-sand-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
    >
      {children}
    </button>
  );
}
