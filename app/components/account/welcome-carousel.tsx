// The dashboard's welcome carousel (SPEC §2, §9: 3 slides, automatic interval 5000 ms) as the
// WAI-ARIA APG carousel: a labelled region, slides with aria-roledescription "slide", and
// pause/previous/next controls. Rotation stops while the pointer or keyboard focus is inside,
// after the visitor pauses it, and never starts under prefers-reduced-motion.
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { ImageId } from "../../../content/images";
import { Picture } from "../picture";

export interface WelcomeSlide {
  title: string;
  description: string;
  image: ImageId;
  link: { text: string; url: string };
}

const INTERVAL_MS = 5000;

const controlClass =
  "inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ochre";

export function WelcomeCarousel({ label, slides }: { label: string; slides: WelcomeSlide[] }) {
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(true);
  const slidesId = useId();
  const rotating = !paused && !held && !reducedMotion;

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(
      () => setCurrent((index) => (index + 1) % slides.length),
      INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [rotating, slides.length]);

  const go = (step: number) =>
    setCurrent((index) => (index + step + slides.length) % slides.length);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative overflow-hidden rounded-xl bg-ink"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="absolute top-3 right-3 z-10 flex gap-2">
        <button
          type="button"
          className={controlClass}
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? "Reanudar el carrusel" : "Pausar el carrusel"}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            {paused ? <path d="M6 4l10 6-10 6V4z" /> : <path d="M5 4h3v12H5zM12 4h3v12h-3z" />}
          </svg>
        </button>
      </div>
      <div id={slidesId} aria-live={rotating ? "off" : "polite"}>
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: APG carousel slides are role="group"
          <div
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} de ${slides.length}`}
            hidden={index !== current}
            className="grid md:grid-cols-2"
          >
            <Picture
              id={slide.image}
              sizes="(min-width: 768px) 40vw, 100vw"
              className="aspect-video h-full w-full object-cover"
            />
            <div className="flex flex-col justify-center gap-4 p-6 pb-20 text-plaster sm:p-10 sm:pb-20">
              <h2 className="font-display text-2xl font-semibold sm:text-3xl">{slide.title}</h2>
              <p className="text-sand-100">{slide.description}</p>
              <p>
                <Link
                  to={slide.link.url}
                  className="inline-block rounded-md bg-terracotta px-4 py-2 font-medium text-white hover:bg-terracotta-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ochre"
                >
                  {slide.link.text}
                </Link>
              </p>
            </div>
          </div>
        ))}
      </div>
      <div className="absolute right-3 bottom-3 z-10 flex items-center gap-2">
        <button
          type="button"
          className={controlClass}
          aria-controls={slidesId}
          aria-label="Diapositiva anterior"
          onClick={() => go(-1)}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="M12.7 4.3a1 1 0 0 1 0 1.4L8.4 10l4.3 4.3a1 1 0 0 1-1.4 1.4l-5-5a1 1 0 0 1 0-1.4l5-5a1 1 0 0 1 1.4 0z" />
          </svg>
        </button>
        <button
          type="button"
          className={controlClass}
          aria-controls={slidesId}
          aria-label="Diapositiva siguiente"
          onClick={() => go(1)}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
            <path d="M7.3 4.3a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l4.3-4.3-4.3-4.3a1 1 0 0 1 0-1.4z" />
          </svg>
        </button>
      </div>
    </section>
  );
}
