import { Link } from "react-router";

/** SPEC §1: profile and settings only show an under-construction message. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16">
      <h1 className="font-display text-3xl font-semibold text-ink">{title}</h1>
      <p className="mt-4 text-lg text-ink">
        Esta sección está en construcción. Muy pronto podrás gestionarla desde aquí.
      </p>
      <p className="mt-6">
        <Link to="/dashboard" className="font-medium text-terracotta-dark underline">
          Volver a mi panel
        </Link>
      </p>
    </div>
  );
}
