// The cookie banner of SPEC §4, built to the AEPD cookie guide: first layer with Aceptar,
// Rechazar and Preferencias equally prominent; second layer with one checkbox per purpose, all
// off until the visitor turns them on. Rendered after hydration only and fixed to the viewport,
// so it never moves the page (CLS) nor exists in the pre-rendered HTML.
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import {
  acceptConsent,
  allDenied,
  type ConsentChoice,
  type ConsentSignal,
  rejectConsent,
  saveConsentPreferences,
  setPreferencesOpen,
  useConsent,
} from "~/lib/consent";

const purposes: { signal: ConsentSignal; label: string; description: string }[] = [
  {
    signal: "analytics_storage",
    label: "Analítica",
    description: "Cookies que cuentan las visitas y las páginas vistas, de forma agregada.",
  },
  {
    signal: "ad_storage",
    label: "Publicidad",
    description: "Cookies que miden si nuestros anuncios te trajeron hasta aquí.",
  },
  {
    signal: "ad_user_data",
    label: "Datos para publicidad",
    description: "Enviar a Google datos de tu visita con fines publicitarios.",
  },
  {
    signal: "ad_personalization",
    label: "Publicidad personalizada",
    description: "Mostrarte anuncios según tus intereses en otras webs.",
  },
];

// One style for the three first-layer buttons: none is pushed over the others (AEPD).
const buttonClass =
  "min-h-11 flex-1 rounded-md border-2 border-ink bg-ink px-4 py-2 font-semibold text-plaster hover:bg-ink-soft hover:border-ink-soft sm:flex-none sm:min-w-36";
const secondaryButtonClass =
  "min-h-11 flex-1 rounded-md border-2 border-ink px-4 py-2 font-semibold text-ink hover:bg-sand-100 sm:flex-none sm:min-w-36";

export function CookieBanner() {
  const consent = useConsent();
  const fontsReady = useFontsReady();
  if (!consent.ready || !consent.bannerOpen || !fontsReady) return null;
  return <CookieBannerPanel initial={consent.choice} preferencesOpen={consent.preferencesOpen} />;
}

/**
 * Whether the web fonts have arrived. The banner waits for them: shown earlier, its text would
 * reflow when they swap in, and a bottom-anchored box that grows moves (a layout shift).
 */
function useFontsReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const fonts = typeof document !== "undefined" ? document.fonts : undefined;
    if (!fonts) setReady(true);
    else void fonts.ready.then(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

function CookieBannerPanel({
  initial,
  preferencesOpen,
}: {
  initial: ConsentChoice | null;
  preferencesOpen: boolean;
}) {
  const [selection, setSelection] = useState<ConsentChoice>(initial ?? allDenied);
  // Aceptar grants everything unless the visitor picked purposes in Preferencias (decision 035).
  const [picked, setPicked] = useState(false);
  const [saved, setSaved] = useState(false);
  const headingId = useId();
  const preferencesHeading = useRef<HTMLHeadingElement>(null);
  const preferencesButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(preferencesOpen);

  // Move focus with the panel, so keyboard and screen-reader users land where the change is.
  useEffect(() => {
    if (preferencesOpen) preferencesHeading.current?.focus();
    else if (wasOpen.current) preferencesButton.current?.focus();
    wasOpen.current = preferencesOpen;
  }, [preferencesOpen]);

  const toggle = (signal: ConsentSignal, granted: boolean) => {
    setSelection((current) => ({ ...current, [signal]: granted }));
    setPicked(true);
    setSaved(false);
  };

  return (
    // Sticky, not fixed: it stays at the foot of the screen while the visitor reads, and at the
    // end of the page it stands after the footer instead of over it, so the newsletter form and
    // the last links can be reached before choosing. `order-last` lays it out there although
    // root.tsx puts it first in the document, for the keyboard's and screen readers' sake. On
    // phones it stands on the call bar (site-header.tsx), never over it: a tap meant for
    // «Llámanos» must not open the preferences.
    <section
      aria-labelledby={headingId}
      className="sticky bottom-0 z-40 order-last max-h-[85vh] max-sm:bottom-action-bar max-sm:max-h-[calc(85vh-var(--spacing-action-bar))] overflow-y-auto border-t border-sand-300 bg-plaster shadow-[0_-8px_24px_rgb(31_42_55/0.15)] sm:bottom-4 sm:mr-4 sm:mb-4 sm:ml-auto sm:max-w-xl sm:rounded-lg sm:border"
    >
      <div className="px-3 py-2.5 sm:p-5">
        {/* On phones, where the banner stands on the call bar, the first layer's heading runs
            into its text, which saves a line for the page above (decision 182). */}
        <h2
          id={headingId}
          className={`font-display text-lg font-semibold ${preferencesOpen ? "" : "max-sm:float-left max-sm:mr-1 max-sm:text-sm max-sm:leading-snug max-sm:after:content-['.']"}`}
        >
          Cookies en esta web
        </h2>
        {preferencesOpen ? (
          <div className="mt-2">
            <h3
              ref={preferencesHeading}
              tabIndex={-1}
              className="font-sans text-base font-semibold focus:outline-none"
            >
              Elige qué cookies permites
            </h3>
            <p className="mt-1 text-sm text-ink-soft">
              Las cookies técnicas, necesarias para que la web funcione, no necesitan tu permiso.
              Las demás solo se usan si las activas.
            </p>
            <fieldset className="mt-3 space-y-3">
              <legend className="sr-only">Finalidades de las cookies</legend>
              {purposes.map((purpose) => (
                <label key={purpose.signal} className="flex cursor-pointer items-start gap-3">
                  <input
                    type="checkbox"
                    name={purpose.signal}
                    checked={selection[purpose.signal]}
                    onChange={(event) => toggle(purpose.signal, event.currentTarget.checked)}
                    className="mt-1 size-5 shrink-0 accent-terracotta"
                  />
                  <span>
                    <span className="block font-medium">{purpose.label}</span>
                    <span className="block text-sm text-ink-soft">{purpose.description}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <div className="mt-4 flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonClass}
                onClick={() => {
                  saveConsentPreferences(selection);
                  setPicked(true);
                  setSaved(true);
                }}
              >
                Guardar
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => setPreferencesOpen(false)}
              >
                Atrás
              </button>
            </div>
          </div>
        ) : (
          <div className="sm:mt-2">
            <p className="text-sm leading-snug text-ink-soft sm:leading-normal">
              Usamos cookies propias y de Google para contar las visitas y medir nuestros anuncios,
              y cargamos el mapa de OpenStreetMap, solo si nos das permiso. Más información en la{" "}
              <Link to="/cookies-politics" className="font-medium text-ink underline">
                política de cookies
              </Link>
              .
            </p>
            <p role="status" className="mt-2 text-sm font-medium text-olive empty:hidden">
              {saved ? "Preferencias guardadas." : ""}
            </p>
            {/* Equal cells, three in a row, never one wider than the others: one row keeps
                the banner short enough for the page's first call to action above it (decision
                182). Below 480 px the labels come closer to the cells' borders and a size
                smaller, 13 px under 360 px, so that «Preferencias» fits a third of the banner. */}
            <div className="mt-2.5 grid grid-cols-3 gap-1.5 max-[30rem]:*:px-0.5 max-[30rem]:*:text-[15px] max-[22.5rem]:*:text-[13px] sm:mt-4 sm:gap-2">
              <button
                type="button"
                className={buttonClass}
                onClick={() => acceptConsent(picked ? selection : null)}
              >
                Aceptar
              </button>
              <button type="button" className={buttonClass} onClick={rejectConsent}>
                Rechazar
              </button>
              <button
                ref={preferencesButton}
                type="button"
                className={buttonClass}
                onClick={() => setPreferencesOpen(true)}
              >
                Preferencias
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
