import type { ReactNode } from "react";
import { Link } from "react-router";
import { secondaryButton } from "./buttons";

/**
 * The filter above the company's published work, on /obras and /gallery: a plain GET form (no
 * script), so a filtered view has its own address and works before hydration; «Ver todas»
 * goes back to the unfiltered page once something is chosen.
 */
export function PortfolioFilter({
  spacing,
  filtered,
  clearTo,
  children,
}: {
  /** Margin classes before the form's own, where the page has no gap above it. */
  spacing?: string;
  filtered: boolean;
  clearTo: string;
  children: ReactNode;
}) {
  return (
    <form method="get" className={`${spacing ? `${spacing} ` : ""}flex flex-wrap items-end gap-4`}>
      {children}
      <button type="submit" className={secondaryButton}>
        Filtrar
      </button>
      {filtered ? (
        <Link to={clearTo} className="text-ink underline">
          Ver todas
        </Link>
      ) : null}
    </form>
  );
}

/** One of the filter's choices: a service, a city; the empty value (`all`) filters nothing. */
export function PortfolioChoice({
  label,
  name,
  chosen,
  all,
  options,
}: {
  label: string;
  name: string;
  chosen: string;
  all: string;
  /** [value, what the visitor reads] */
  options: readonly (readonly [string, string])[];
}) {
  return (
    <label className="text-ink">
      {label}
      <select
        name={name}
        defaultValue={chosen}
        className="mt-1 block rounded-md border border-sand-300 px-3 py-2"
      >
        <option value="">{all}</option>
        {options.map(([value, title]) => (
          <option key={value} value={value}>
            {title}
          </option>
        ))}
      </select>
    </label>
  );
}
