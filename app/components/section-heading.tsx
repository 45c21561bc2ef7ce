/** The heading of a page section: an <h2> with an id for aria-labelledby and an optional lead. */
export function SectionHeading({
  id,
  title,
  subtitle,
}: {
  id: string;
  title: string;
  subtitle?: string;
}) {
  return (
    <div className="mb-8 max-w-3xl sm:mb-10">
      <h2 id={id} className="text-3xl font-semibold sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mt-3 text-lg leading-relaxed text-ink-soft">{subtitle}</p>}
    </div>
  );
}
