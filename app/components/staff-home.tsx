// The staff home on /dashboard (issue 37; decision 253): one card per kind of lead to act on, each
// a link to the inbox filtered to exactly what it counts, with what changed since the last day
// the home was opened, under the company details still at their placeholders (decision 245) for
// whoever may replace them. Loaded on demand by the dashboard for staff only, so a customer's
// dashboard never downloads it.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CompanyChecklist } from "~/components/company-checklist";
import { ApiError, api } from "~/lib/api";
import type { StaffHome as Home, HomeCard } from "../../content/staff-home";

const euros = new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" });
const longDay = new Intl.DateTimeFormat("es-ES", {
  day: "numeric",
  month: "long",
  timeZone: "UTC",
});

/** The calendar day before `day` (YYYY-MM-DD). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** «+2 desde ayer», «1 menos desde el 24 de noviembre», «Igual que ayer». */
function changeLine(card: HomeCard, home: Home): string | null {
  if (card.previous === null || !home.since) return null;
  const since =
    home.since === dayBefore(home.today)
      ? "ayer"
      : `el ${longDay.format(new Date(`${home.since}T12:00:00Z`))}`;
  const change = card.count - card.previous;
  if (change === 0) return `Igual que ${since}`;
  return change > 0 ? `${change} más que ${since}` : `${-change} menos que ${since}`;
}

export default function StaffHome() {
  const [home, setHome] = useState<Home | null>(null);
  const [failure, setFailure] = useState("");
  useEffect(() => {
    api<Home>("GET", "admin/home", undefined, { silent: true })
      .then(setHome)
      .catch((error: unknown) =>
        setFailure(
          error instanceof ApiError && error.message
            ? error.message
            : "No se ha podido cargar tu resumen. Recarga la página para intentarlo de nuevo.",
        ),
      );
  }, []);
  return (
    <>
      <CompanyChecklist missing={home?.company_missing} />
      <StaffCards home={home} failure={failure} />
    </>
  );
}

function StaffCards({ home, failure }: { home: Home | null; failure: string }) {
  return (
    // Staff at work need no «Llámanos» or «Pide presupuesto» bar over their cards (app.css).
    <section aria-labelledby="staff-home-title" className="mt-6" data-no-action-bar>
      <h2 id="staff-home-title" className="font-display text-2xl font-semibold text-ink">
        Tu trabajo de hoy
      </h2>
      {failure ? (
        <p role="alert" className="mt-3 text-terracotta-dark">
          {failure}
        </p>
      ) : !home ? (
        <p className="mt-3 text-ink-soft">Loading...</p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {home.cards.map((card) => {
            const change = changeLine(card, home);
            return (
              <li key={card.key}>
                <Link
                  to={`/admin/contacts/index?${card.query}&sort=inbox&per_page=50`}
                  data-card={card.key}
                  className="flex h-full min-h-24 flex-col rounded-lg bg-white p-4 shadow-sm ring-1 ring-sand-200 hover:shadow-md focus-visible:outline-2 focus-visible:outline-ink"
                >
                  <span className="text-sm font-medium text-ink-soft">{card.title}</span>
                  <span className="mt-1 font-display text-3xl font-semibold text-ink">
                    <span data-count>{card.count}</span>
                    {card.amount !== undefined ? (
                      <span className="ml-2 text-base font-normal text-ink-soft">
                        {euros.format(card.amount)}
                      </span>
                    ) : null}
                  </span>
                  {change ? (
                    <span className="mt-auto pt-1 text-sm text-ink-soft">{change}</span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
