import { Link } from "react-router";
import { CallLink } from "~/components/call-link";
import { company } from "../../content/company";
import { nextStep } from "../../content/pages";
import { primaryButton } from "./buttons";

/**
 * The block every public page ends with (DESIGN.md): ask for a quote, call, or see the work.
 * `showGallery` is off on the gallery page itself.
 */
export function NextStep({
  title = nextStep.title,
  showGallery = true,
}: {
  title?: string;
  showGallery?: boolean;
}) {
  return (
    <section aria-labelledby="siguiente-paso" className="bg-ink text-plaster">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-14 sm:py-16 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="siguiente-paso" className="text-3xl font-semibold text-plaster sm:text-4xl">
            {title}
          </h2>
          <p className="mt-3 text-lg text-sand-100">{nextStep.text}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <Link to={nextStep.quote.url} className={primaryButton}>
            {nextStep.quote.text}
          </Link>
          <CallLink className="inline-flex min-h-12 items-center justify-center gap-2 rounded-md border border-plaster/60 px-6 py-3 font-semibold text-plaster transition-colors hover:bg-plaster hover:text-ink">
            Llama al {company.phone}
          </CallLink>
          {showGallery && (
            <Link
              to={nextStep.gallery.url}
              className="inline-flex min-h-12 items-center justify-center px-2 py-3 font-semibold text-plaster underline decoration-ochre decoration-2 underline-offset-4 hover:decoration-plaster"
            >
              {nextStep.gallery.text}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
