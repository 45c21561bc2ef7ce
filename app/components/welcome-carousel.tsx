// The welcome carousel (SPEC §2, §9): 3 slides, one every 5000 ms, following the WAI-ARIA APG
// auto-rotating carousel pattern. Embla moves the slides; this component owns when it rotates:
// never under prefers-reduced-motion, not while the pointer is over it, and not after keyboard
// focus entered it or the visitor pressed pause, until they press play again.
// Embla itself is loaded once the carousel is on screen or reached for (042): until then the
// first slide is simply shown, as in the pre-rendered HTML.
// See docs/decisions/032-welcome-carousel.md.
import { type FocusEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { ArrowIcon } from "~/components/arrow-icon";
import { Picture } from "~/components/picture";
import type { WelcomeSlide } from "../../content/home";
import type { EmblaCarouselType } from "./carousel-engine";

export const SLIDE_INTERVAL_MS = 5000;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/**
 * Embla for `viewportRef`, loaded and started once `wanted` turns true; null until then.
 * The carousel starts on `startIndex`, so a slide chosen before the engine arrived stays put.
 */
function useCarouselEngine(
  viewportRef: React.RefObject<HTMLDivElement | null>,
  wanted: boolean,
  startIndex: React.RefObject<number>,
): EmblaCarouselType | null {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!wanted || !viewport) return;
    let cancelled = false;
    let instance: EmblaCarouselType | undefined;
    import("./carousel-engine")
      .then(({ createCarousel }) => {
        if (cancelled) return;
        instance = createCarousel(viewport, {
          startIndex: startIndex.current,
          interval: SLIDE_INTERVAL_MS,
        });
        setEmbla(instance);
      })
      // Offline or a failed deploy: the carousel keeps showing the slide it shows.
      .catch(() => {});
    return () => {
      cancelled = true;
      instance?.destroy();
      setEmbla(null);
    };
  }, [viewportRef, wanted, startIndex]);
  return embla;
}

/**
 * True once any of the element is on screen, or when `want()` is called. The first rotation is
 * 5 s after the carousel shows up, time enough to load the engine; a first view that ends above
 * the carousel (the hero fills a phone's screen) never loads it.
 */
function useInView(ref: React.RefObject<HTMLElement | null>): [boolean, () => void] {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setInView(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, inView]);
  return [inView, useCallback(() => setInView(true), [])];
}

export function WelcomeCarousel({ slides, label }: { slides: WelcomeSlide[]; label: string }) {
  const sectionRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState(0);
  // The slide asked for before the engine arrived (a control pressed at once): it starts there.
  const startIndex = useRef(0);
  // Pointer or keyboard reaching for the carousel also loads the engine, wherever it is.
  const [wanted, want] = useInView(sectionRef);
  const embla = useCarouselEngine(viewportRef, wanted, startIndex);
  const reducedMotion = usePrefersReducedMotion();
  // null until the visitor decides; rotation starts on its own unless reduced motion is asked for.
  const [pausedByVisitor, setPausedByVisitor] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const id = useId();

  const paused = pausedByVisitor ?? reducedMotion;
  const rotating = hydrated && !paused && !hovered;

  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect);
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla]);

  useEffect(() => {
    const plugin = embla?.plugins().autoplay;
    if (!plugin) return;
    if (rotating) plugin.play();
    else plugin.stop();
  }, [embla, rotating]);

  const goTo = useCallback(
    (index: number) => {
      if (!embla) {
        startIndex.current = index;
        want();
        return;
      }
      embla.scrollTo(index, reducedMotion);
      // A manual move restarts the 5 s countdown, so the new slide gets its full time.
      if (embla.plugins().autoplay?.isPlaying()) embla.plugins().autoplay.reset();
    },
    [embla, reducedMotion, want],
  );
  const previous = () => goTo((selected - 1 + slides.length) % slides.length);
  const next = () => goTo((selected + 1) % slides.length);

  // APG: keyboard focus entering the carousel stops rotation until the visitor restarts it.
  // Mouse clicks do not (they would fight the pause button's own toggle).
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    want();
    if (event.target.matches(":focus-visible")) setPausedByVisitor(true);
  };

  return (
    <section
      ref={sectionRef}
      aria-roledescription="carousel"
      aria-labelledby={`${id}-label`}
      className="relative"
      onMouseEnter={() => {
        want();
        setHovered(true);
      }}
      onMouseLeave={() => setHovered(false)}
      onPointerDown={want}
      onFocus={onFocus}
    >
      <div className="mb-4 flex items-center gap-2">
        <p
          id={`${id}-label`}
          className="mr-auto text-sm font-semibold tracking-wide text-terracotta uppercase"
        >
          {label}
        </p>
        <CarouselButton
          onClick={() => setPausedByVisitor(!paused)}
          label={paused ? "Reproducir la presentación" : "Pausar la presentación"}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </CarouselButton>
        <CarouselButton onClick={previous} label="Diapositiva anterior" controls={`${id}-slides`}>
          <ArrowIcon direction="left" />
        </CarouselButton>
        <CarouselButton onClick={next} label="Diapositiva siguiente" controls={`${id}-slides`}>
          <ArrowIcon direction="right" />
        </CarouselButton>
      </div>

      <div
        ref={viewportRef}
        className="overflow-hidden rounded-lg bg-white shadow-md ring-1 ring-sand-200"
      >
        <div id={`${id}-slides`} className="flex" aria-live={rotating ? "off" : "polite"}>
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names each slide as a group, not a form fieldset
            <div
              key={slide.image}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} de ${slides.length}`}
              inert={index !== selected}
              className="grid min-w-0 flex-[0_0_100%] md:grid-cols-2"
            >
              <div className="aspect-video overflow-hidden bg-sand-100 md:order-2 md:aspect-auto">
                <Picture
                  id={slide.image}
                  sizes="(min-width: 1280px) 640px, (min-width: 768px) 50vw, 100vw"
                  className="h-full w-full object-cover"
                />
              </div>
              <div className="flex flex-col justify-center gap-4 p-6 sm:p-10">
                <h2 className="text-2xl font-semibold sm:text-3xl">{slide.title}</h2>
                <p className="text-lg leading-relaxed text-ink-soft">{slide.description}</p>
                <p>
                  <Link
                    to={slide.link.url}
                    className="inline-flex min-h-11 items-center gap-2 font-semibold text-terracotta underline decoration-2 underline-offset-4 hover:text-terracotta-dark"
                  >
                    {slide.link.text}
                    <ArrowIcon direction="right" />
                  </Link>
                </p>
              </div>
            </div>
          ))}
        </div>
      </div>

      <div className="mt-4 flex justify-center gap-1">
        {slides.map((slide, index) => (
          <button
            key={slide.image}
            type="button"
            onClick={() => goTo(index)}
            aria-label={`Ir a la diapositiva ${index + 1}: ${slide.title}`}
            aria-current={index === selected ? "true" : undefined}
            className="group flex size-11 items-center justify-center rounded-full"
          >
            <span
              aria-hidden="true"
              className={`block h-2.5 rounded-full transition-all ${
                index === selected
                  ? "w-8 bg-terracotta"
                  : "w-2.5 bg-ink-soft/50 group-hover:bg-ink-soft"
              }`}
            />
          </button>
        ))}
      </div>
    </section>
  );
}

function CarouselButton({
  onClick,
  label,
  controls,
  children,
}: {
  onClick: () => void;
  label: string;
  controls?: string;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      aria-controls={controls}
      className="flex size-11 items-center justify-center rounded-full border border-ink/20 bg-white text-ink shadow-sm transition-colors hover:border-ink hover:bg-sand-50"
    >
      {children}
    </button>
  );
}

function PauseIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <rect x="5" y="4" width="3.5" height="12" rx="1" />
      <rect x="11.5" y="4" width="3.5" height="12" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path d="M6 4.2v11.6a1 1 0 0 0 1.5.86l9.3-5.8a1 1 0 0 0 0-1.72L7.5 3.34A1 1 0 0 0 6 4.2Z" />
    </svg>
  );
}
