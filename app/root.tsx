import displayFont from "@fontsource/fraunces/files/fraunces-latin-600-normal.woff2?url";
import textFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { siteContentContext } from "../content/site-content";
import type { Route } from "./+types/root";
import appCss from "./app.css?inline";
import { CookieBanner } from "./components/cookie-banner";
import { subscribe } from "./components/newsletter-form";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { trackPageView } from "./lib/analytics";
import { useCompanyIfLoaded } from "./lib/company";
import { consentBootstrapScript } from "./lib/consent";
import { DialogHost } from "./lib/dialog";
import { noteLeadSource } from "./lib/lead-source";
import { pageMeta } from "./lib/seo";

/**
 * The stylesheet is inlined into every server-rendered document instead of linked: the first
 * paint then needs nothing but the HTML (docs/decisions/038). The browser bundle keeps an empty
 * string, so the CSS is not shipped twice; hydration leaves the server's <style> untouched.
 */
const documentCss = import.meta.env.SSR ? appCss : "";

export function links() {
  return [
    // Both fonts are on every page's first screen (header, heading): fetched from the <head>
    // instead of after the first layout (docs/decisions/044). Same files as app/fonts.css.
    { rel: "preload", as: "font", type: "font/woff2", href: textFont, crossOrigin: "anonymous" },
    { rel: "preload", as: "font", type: "font/woff2", href: displayFont, crossOrigin: "anonymous" },
    { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
    { rel: "icon", type: "image/svg+xml", href: "/favicon.svg" },
    { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  ];
}

/** Defaults for screens without their own meta (account and admin screens). */
export function meta({ location, matches }: Route.MetaArgs) {
  return pageMeta(
    { title: "Reformas, construcción e interiorismo", path: location.pathname },
    matches,
  );
}

/**
 * The company's facts for the header, the footer and every page (useCompany), as staff last
 * published them; read once per published version by the server (decision 244).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { company: await context.get(siteContentContext).get("company") };
}

/** Published facts change the pages kept by the server, not a page already open. */
export const shouldRevalidate = () => false;

/** The footer's newsletter form posts here: the footer is part of this layout (decision 124). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return subscribe(request);
}

/** The admin area: its own frame, and none of the public site's chrome or analytics. */
const inAdmin = (pathname: string) => pathname.startsWith("/admin/");

export function Layout({ children }: { children: React.ReactNode }) {
  // The admin area has its own frame (admin/routes/layout.tsx): no marketing header or footer,
  // and no analytics, so no consent banner either (staff's work is not the shop window's traffic).
  const site = !inAdmin(useLocation().pathname);
  // Missing only when the root loader failed (the database away): the error page, bare.
  const company = useCompanyIfLoaded();
  const chrome = site && company !== undefined;
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First script of the page: consent defaults before any other tag command (035). */}
        <script
          // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed string built from build-time settings
          dangerouslySetInnerHTML={{ __html: consentBootstrapScript() }}
        />
        <style
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own compiled stylesheet
          dangerouslySetInnerHTML={{ __html: documentCss }}
          suppressHydrationWarning
        />
        <Meta />
        <Links />
      </head>
      <body className={site ? "flex min-h-screen flex-col pb-action-bar sm:pb-0" : "min-h-screen"}>
        <a
          href="#contenido"
          className="sr-only z-50 rounded bg-ink px-4 py-2 text-plaster focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Saltar al contenido
        </a>
        {/* First in reading and tab order, so a keyboard or screen-reader visitor meets the choice
        before the page instead of after the footer; `order-last` keeps it at the foot on screen. */}
        {site ? <CookieBanner /> : null}
        {chrome ? <SiteHeader /> : null}
        {site ? (
          <main id="contenido" className="flex-1">
            {children}
          </main>
        ) : (
          children
        )}
        {chrome ? <SiteFooter /> : null}
        <DialogHost />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { pathname, search, hash } = useLocation();
  // One page view per navigation (SPEC §2), after the new route's title is in place; the admin
  // area's are not the site's traffic.
  useEffect(() => {
    if (!inAdmin(pathname)) trackPageView(`${pathname}${search}`);
  }, [pathname, search]);
  // Where the visit came from, noted on its first page (decision 260).
  useEffect(() => {
    if (!inAdmin(window.location.pathname)) noteLeadSource();
  }, []);
  useFocusOnNewPage(pathname, hash);
  return <Outlet />;
}

/**
 * A client-side navigation swaps the page without a sound: focus the new page's heading, so a
 * screen reader says where the visitor now is and the next Tab starts in the page rather than
 * in the header. Not on the first load (the browser starts at the top), not when a #fragment
 * names its own target, and only when the path changes (filters and pages of a list keep it).
 */
function useFocusOnNewPage(pathname: string, hash: string) {
  const loaded = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new path, on purpose
  useEffect(() => {
    if (!loaded.current) {
      loaded.current = true;
      return;
    }
    const heading = hash ? null : document.querySelector<HTMLElement>("h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }, [pathname]);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // Rendered inside the Layout's <main>, so no second main landmark here.
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1>{notFound ? "Error 404" : "Error"}</h1>
      <p>{notFound ? "La página que buscas no existe." : "Algo salió mal. Intenta nuevamente."}</p>
      <a href="/">Volver al inicio</a>
    </div>
  );
}
