import { Picture } from "~/components/picture";
import type { ImageId } from "../../content/images";

/** The width the section's image takes: half the page from lg, full width below. */
export const imageBesideTextSizes = "(min-width: 1280px) 640px, (min-width: 1024px) 50vw, 100vw";

/**
 * The opening section of a category or service page: its main image (the page's largest, so
 * preloaded with priority) beside a heading and the descriptions.
 */
export function ImageBesideText({
  id,
  image,
  heading,
  paragraphs,
}: {
  id: string;
  image: ImageId;
  heading: string;
  paragraphs: readonly string[];
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
      <div className="grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="overflow-hidden rounded-lg shadow-md ring-1 ring-sand-200 lg:order-2">
          <Picture
            id={image}
            sizes={imageBesideTextSizes}
            priority
            className="h-auto w-full object-cover"
          />
        </div>
        <div>
          <h2 id={id} className="text-3xl font-semibold sm:text-4xl">
            {heading}
          </h2>
          {paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-5 text-lg leading-relaxed text-ink-soft">
              {paragraph}
            </p>
          ))}
        </div>
      </div>
    </section>
  );
}
