// Site footer of SPEC §2: social links, the company's contact details, the legal pages, the
// newsletter form (in the element with id "suscription", the target of /#suscription), the
// consent preferences link and the current year.

import { Link } from "react-router";
import { CallLink } from "~/components/call-link";
import { NewsletterForm } from "~/components/newsletter-form";
import { useCompany } from "~/lib/company";
import { openConsentPreferences } from "~/lib/consent";
import { inWords, moreThanYears } from "../../content/company";

const legalLinks = [
  { to: "/terms-and-conditions", label: "Aviso legal" },
  { to: "/privacy-and-politics", label: "Política de privacidad" },
  { to: "/cookies-politics", label: "Política de cookies" },
];

const link =
  "rounded underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus";

export function SiteFooter() {
  const company = useCompany();
  const { address } = company;
  const claim = moreThanYears(company.yearsOfExperience);
  return (
    <footer className="bg-ink text-plaster">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-company">
          <h2 id="footer-company" className="font-display text-xl font-semibold text-plaster">
            {company.name}
          </h2>
          <p className="mt-3 text-sm text-sand-200">
            Reformas, construcción e interiorismo en {inWords(company.areasServed.slice(0, 4))}.{" "}
            {claim ? `${claim} de ` : "Mira nuestras "}
            <Link to="/obras" className={link}>
              obras terminadas
            </Link>
            .
          </p>
          <ul aria-label="Redes sociales" className="mt-4 flex flex-wrap gap-x-4 gap-y-2">
            {company.social.map((profile) => (
              <li key={profile.name}>
                <a href={profile.url} rel="noopener" className={link}>
                  {profile.name}
                </a>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-sans text-base font-semibold text-plaster">
            Contacto
          </h2>
          <address className="mt-3 space-y-2 text-sm not-italic">
            <p>
              <CallLink className={link}>
                <span className="sr-only">Teléfono: </span>
                {company.phone}
              </CallLink>
            </p>
            <p>
              <a href={`mailto:${company.email}`} className={link}>
                <span className="sr-only">Correo electrónico: </span>
                {company.email}
              </a>
            </p>
            <p className="text-sand-200">
              {address.street}
              <br />
              {address.postalCode} {address.city}, {address.region}
            </p>
          </address>
          <Link
            to="/contact"
            className="mt-4 inline-flex min-h-11 items-center rounded-md border-2 border-plaster px-4 font-semibold hover:bg-plaster hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
          >
            Pide presupuesto
          </Link>
        </section>

        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="font-sans text-base font-semibold text-plaster">
            Enlaces útiles
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {legalLinks.map((legal) => (
              <li key={legal.to}>
                <Link to={legal.to} className={link}>
                  {legal.label}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={openConsentPreferences}
                className={`${link} text-left`}
              >
                Preferencias de cookies
              </button>
            </li>
          </ul>
        </nav>

        <section id="suscription" aria-labelledby="footer-newsletter" className="scroll-mt-24">
          <h2 id="footer-newsletter" className="font-sans text-base font-semibold text-plaster">
            Boletín
          </h2>
          <div className="mt-3">
            <NewsletterForm />
          </div>
        </section>
      </div>
      <div className="border-t border-ink-soft">
        <p className="mx-auto max-w-7xl px-4 py-4 text-sm text-sand-200">
          © <CurrentYear /> {company.legalName}
        </p>
      </div>
    </footer>
  );
}

/**
 * Pre-rendered pages would say their build year forever (SPEC §2: "the current year"). The
 * inline script right after the year puts the visitor's year in before the first paint, so the
 * DOM already holds what the client renders when React hydrates: no mismatch, no flash
 * (docs/decisions/083). Only the server writes the script's text; the browser bundle renders
 * an empty script that React hydrates without comparing it. suppressHydrationWarning covers the
 * seconds between script and hydration at midnight on New Year's Eve.
 */
function CurrentYear() {
  return (
    <>
      <span id="footer-year" suppressHydrationWarning>
        {new Date().getFullYear()}
      </span>
      <script
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed string of our own
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? yearScript : "" }}
        suppressHydrationWarning
      />
    </>
  );
}

const yearScript = 'document.getElementById("footer-year").textContent=new Date().getFullYear()';
