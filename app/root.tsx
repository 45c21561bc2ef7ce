import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
// TODO(chrome): mount <DialogHost /> from ~/lib/dialog (owner "account") once it exists.

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#contenido"
          className="sr-only z-50 rounded bg-ink px-4 py-2 text-plaster focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Saltar al contenido
        </a>
        <SiteHeader />
        <main id="contenido" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
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
