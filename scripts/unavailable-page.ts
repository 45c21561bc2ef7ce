/**
 * The page nginx shows while no instance of the site answers (a restart on one machine takes
 * some seconds: docs/deploy.md's `error_page 502 503 504`). Without it a visitor, perhaps one
 * whose quote upload just finished, read nginx's English "502 Bad Gateway". Written by the
 * build to build/nginx/no-disponible.html with the company's phone and e-mail from
 * content/company.ts, so it never names an old number. One self-contained file: nginx serves
 * it alone, with nothing of the site behind it.
 */
import { company } from "../content/company.ts";

const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const unavailablePageName = "no-disponible.html";

export function unavailablePage(facts: typeof company = company): string {
  const name = html(facts.name);
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Volvemos en unos segundos · ${name}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem;
    box-sizing: border-box; background: #faf7f2; color: #1f2a37;
    font: 1.0625rem/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 34rem; }
  h1 { font-size: 1.75rem; line-height: 1.25; margin: 0 0 1rem; }
  p { margin: 0 0 1rem; color: #3d4a5a; }
  a { color: #a4452f; font-weight: 600; }
  .call { display: inline-block; margin-top: .5rem; padding: .75rem 1.25rem; border-radius: .5rem;
    background: #a4452f; color: #fff; text-decoration: none; }
  .call:hover, .call:focus-visible { background: #853624; }
</style>
</head>
<body>
<main>
<p>${name}</p>
<h1>Estamos actualizando la web</h1>
<p>Vuelve a intentarlo en unos segundos: recarga la página.</p>
<p>Si estabas enviando una solicitud de presupuesto, puede que no nos haya llegado. Vuelve a
enviarla dentro de un momento o, si lo prefieres, llámanos o escríbenos a
<a href="mailto:${html(facts.email)}">${html(facts.email)}</a>.</p>
<a class="call" href="${html(facts.phoneHref)}">Llámanos al ${html(facts.phone)}</a>
</main>
</body>
</html>
`;
}
