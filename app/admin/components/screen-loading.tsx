/**
 * SPEC §9's «Loading...» while a screen's data is first loaded, as wide as the screen will be
 * (`width`: a max-w-* class).
 */
export function ScreenLoading({ width }: { width: "max-w-5xl" | "max-w-7xl" }) {
  return (
    <p lang="en" className={`mx-auto w-full ${width} px-4 py-10 text-ink-soft`}>
      Loading...
    </p>
  );
}
