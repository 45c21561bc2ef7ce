// Embla and its autoplay plugin, in a module of their own so the welcome carousel can load them
// only when it is about to be used (docs/decisions/042): they are ~9 KB of compressed JavaScript
// that the first view of the home page does not need.
import EmblaCarousel, { type EmblaCarouselType } from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";

export type { EmblaCarouselType };

/**
 * A looping carousel on `viewport` starting at `startIndex`, with an autoplay timer that only
 * runs when the component says so: Autoplay's own stop-on-hover/focus/interaction options are
 * off because the component owns when it rotates (032).
 */
export function createCarousel(
  viewport: HTMLElement,
  { startIndex, interval }: { startIndex: number; interval: number },
): EmblaCarouselType {
  return EmblaCarousel(viewport, { loop: true, startIndex }, [
    Autoplay({
      delay: interval,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  ]);
}
