import { Link } from "react-router";

/** Site header (SPEC §2). First version: logo and main menu; refined below in later commits. */
export function SiteHeader() {
  return (
    <header className="border-b border-sand-200 bg-plaster">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="font-display text-xl font-semibold text-ink">
          Obra Mediterránea
        </Link>
      </div>
    </header>
  );
}
