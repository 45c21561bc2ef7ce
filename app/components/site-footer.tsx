/** Site footer (SPEC §2). First version; refined in later commits. */
export function SiteFooter() {
  return (
    <footer className="border-t border-sand-200 bg-sand-50">
      <div className="mx-auto max-w-7xl px-4 py-8 text-sm text-ink-soft">
        © {new Date().getFullYear()} Obra Mediterránea
      </div>
    </footer>
  );
}
