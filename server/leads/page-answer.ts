/**
 * A quote request sent by the contact page before its script ran (a slow phone, a blocked or
 * failed script) is a browser's own form post, and its answer is what the visitor sees next. It
 * is handled by the same API call as every other request (stored, confirmed, announced to
 * staff), and answered with a page instead of JSON: the thanks and the reference, or what to
 * mend (decision 162). The footer's newsletter form, posted the same way, is answered alike.
 * Told apart by what the browser asks for: a form navigation accepts text/html first, the
 * page's own script and other API clients do not. The buttons of the newsletter mails' link
 * pages, posted the same way, are answered alike (decision 162).
 */
import { createHash } from "node:crypto";
import type { Context, Next } from "hono";
import { company } from "../../content/company.ts";
import { nextSteps } from "../../content/quote-request.ts";
import { escapeHtml } from "../mail/layout.ts";

const wantsPage = (accept: string | undefined) => /^\s*text\/html\b/i.test(accept ?? "");

interface Answer {
  title?: unknown;
  message?: unknown;
  reference?: unknown;
  errors?: Record<string, unknown>;
  field_titles?: Record<string, unknown>;
}

/** DESIGN.md's plaster ground, ink text and terracotta action, without the site's stylesheet. */
const style = `body{margin:0;background:#f4efe7;color:#1f2a37;font:17px/1.6 Inter,"Segoe UI",Helvetica,Arial,sans-serif}
main{max-width:38rem;margin:0 auto;padding:2.5rem 1.25rem}
.brand{font:600 1.25rem Georgia,serif;margin:0 0 2rem}
.brand a{color:inherit;text-decoration:none}
h1{font:600 2rem/1.2 Georgia,serif;margin:0 0 1rem}
a{color:#a64b25;font-weight:600}
li{margin:.25rem 0}
a[href^="tel:"]{white-space:nowrap}`;
const styleHash = createHash("sha256").update(style).digest("base64");

/** Only this page's own style; no script, no frame, forms back to this site alone. */
const pagePolicy = `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

const text = (value: unknown) => escapeHtml(typeof value === "string" ? value : "");

/**
 * What the page says: a form's answer (the quote request, the footer's sign-up) or a link's
 * (the newsletter mails' confirm and unsubscribe pages, where nothing was typed).
 */
type Kind = "form" | "link";

const home = '<p><a href="/">Volver a la página de inicio</a></p>';
const callUs = () =>
  `<p>¿Prefieres hablarlo? Llámanos al <a href="${escapeHtml(company.phoneHref)}">${escapeHtml(company.phone)}</a>.</p>`;

function body(status: number, answer: Answer, kind: Kind): string {
  if (kind === "link") {
    // The message says what happened, or what to do about a link that did not work.
    return [`<p>${text(answer.message)}</p>`, home, ...(status < 300 ? [] : [callUs()])].join("\n");
  }
  if (status < 300) {
    const quote =
      typeof answer.reference === "string"
        ? ` Tu referencia es <strong>${text(answer.reference)}</strong>. ${escapeHtml(nextSteps)}`
        : "";
    return `<p>${text(answer.message)}${quote}</p>
${home}`;
  }
  const titles = answer.field_titles ?? {};
  const problems = Object.entries(answer.errors ?? {}).flatMap(([field, messages]) =>
    (Array.isArray(messages) ? messages : []).map(
      (message) =>
        `<li>${titles[field] ? `<strong>${text(titles[field])}:</strong> ` : ""}${text(message)}</li>`,
    ),
  );
  return [
    // A refusal's message repeats its first field's; the list says them all.
    problems.length ? `<ul>${problems.join("")}</ul>` : `<p>${text(answer.message)}</p>`,
    // No link to the form: it would open empty, while the browser's Back keeps what was typed.
    problems.length
      ? "<p>Vuelve atrás con el botón de tu navegador para corregirlo: lo que escribiste sigue en el formulario.</p>"
      : "<p>Si vuelves atrás con el botón de tu navegador, lo que escribiste sigue en el formulario.</p>",
    callUs(),
  ].join("\n");
}

/** Turns the API's answer to a browser's own form post into the page the visitor reads. */
export const pageAnswer = (c: Context, next: Next) => answerAsPage(c, next, "form");

/**
 * The same for the buttons of the newsletter mails' link pages (/newsletter/confirmar and
 * /newsletter/baja) posted without their script (decision 162).
 */
export const linkPageAnswer = (c: Context, next: Next) => answerAsPage(c, next, "link");

async function answerAsPage(c: Context, next: Next, kind: Kind): Promise<void> {
  await next();
  if (!wantsPage(c.req.header("accept"))) return;
  const status = c.res.status;
  const answer = (await c.res
    .clone()
    .json()
    .catch(() => ({}))) as Answer;
  const title = typeof answer.title === "string" ? answer.title : "Error";
  c.res = new Response(
    `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(company.name)}</title><style>${style}</style></head>
<body><main>
<p class="brand"><a href="/">${escapeHtml(company.name)}</a></p>
<h1>${escapeHtml(title)}</h1>
${body(status, answer, kind)}
</main></body>
</html>
`,
    {
      status,
      headers: {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": pagePolicy,
        "cache-control": "no-store",
      },
    },
  );
}
