import { Link } from "react-router";
import { CallLink } from "~/components/call-link";
import { useCompany } from "~/lib/company";
import { nextStep } from "../../content/next-step";
import { primaryButton, secondaryButton, textLink } from "./buttons";

/**
 * The block every public page ends with (DESIGN.md): ask for a quote, call, or see the work.
 * `showGallery` is off on the gallery page itself. A long page may hold a second one further
 * up (the home page, decision 182), with its own `id` for its heading.
 */
export function NextStep({
  title = nextStep.title,
  text = nextStep.text,
  showGallery = true,
  id = "siguiente-paso",
}: {
  title?: string;
  text?: string;
  showGallery?: boolean;
  id?: string;
}) {
  const company = useCompany();
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
      <div className="flex flex-col gap-8 rounded-lg bg-sand-100 p-6 ring-1 ring-sand-200 sm:p-10 lg:flex-row lg:items-center lg:justify-between lg:p-12">
        <div className="max-w-2xl">
          <h2 id={id} className="text-3xl font-semibold sm:text-4xl">
            {title}
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-ink-soft">{text}</p>
        </div>
        <div className="flex shrink-0 flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <Link to={nextStep.quote.url} className={primaryButton}>
            {nextStep.quote.text}
          </Link>
          <CallLink className={secondaryButton}>Llama al {company.phone}</CallLink>
          {showGallery && (
            <Link
              to={nextStep.gallery.url}
              className={`inline-flex min-h-12 items-center justify-center px-2 py-3 ${textLink}`}
            >
              {nextStep.gallery.text}
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
