/**
 * Class names of the site's two link-button styles, so every call to action looks the same.
 * Terracotta with white text and ink on plaster both pass WCAG AA.
 */
export const primaryButton =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-terracotta px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-terracotta-dark";

export const secondaryButton =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-md border border-ink/25 bg-white px-6 py-3 font-semibold text-ink transition-colors hover:border-ink hover:bg-sand-50";

/** A call to action written as a link in the text: quieter than a button, still plainly a link. */
export const textLink =
  "font-semibold text-ink underline decoration-terracotta decoration-2 underline-offset-4 hover:text-terracotta-dark";
