import { setTimeout as sleep } from "node:timers/promises";
import type { MiddlewareHandler } from "hono";
import { chooseEncoding } from "../encoded-body.ts";
import { log } from "../log.ts";
import { hydrateAfterPaint } from "./hydrate-after-paint.ts";
import { holdsPage, type KeptPage, packPage, polishPage } from "./page.ts";
import type { SiteContent } from "./site-content.ts";

export interface SitePagesOptions {
  content: SiteContent;
  /** Whether a path (no trailing slash, no `.data`) is a public page rendered from content. */
  isSitePage: (path: string) => boolean;
  /** React Router's handler, with the site content in its context. */
  render: (request: Request) => Promise<Response>;
  /** A document's Content-Security-Policy, from its own inline scripts (security-headers.ts). */
  policyFor: (html: string) => string;
}

/** How long no page has been rendered before the kept ones are compressed harder. */
const IDLE_MS = 250;

/** What a kept page may be: a document, a client navigation's data, the sitemap. */
const keptTypes = /^(text\/html|text\/x-script|application\/xml|text\/xml)\b/;

/**
 * The public pages, rendered on request and kept until the content changes (decision 244).
 * A kept page is answered as a pre-rendered file was: from memory, in the encoding the browser
 * takes, with its ETag (a 304 when the browser has it) and the policy made from its own inline
 * scripts. The query is ignored, as it was for the pre-rendered files: a page knows none. A
 * client navigation's `.data` request is kept too, unless it names its routes (`?_routes=`).
 * Anything else, and a page that does not answer 200, goes on to the next handler.
 */
export function serveSitePages(options: SitePagesOptions): MiddlewareHandler {
  const { content, isSitePage, render, policyFor } = options;

  const make = async (url: URL, path: string): Promise<KeptPage | undefined> => {
    const response = await render(
      new Request(new URL(path, url), { headers: { accept: "text/html,*/*" } }),
    );
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || !keptTypes.test(type)) {
      await response.body?.cancel();
      return undefined;
    }
    // As the pre-rendered files were typed (server/build-files.ts).
    const head: Record<string, string> = {
      "content-type": /^text\/html\s*$/.test(type) ? "text/html; charset=utf-8" : type,
    };
    if (!type.startsWith("text/html"))
      return packPage(new Uint8Array(await response.arrayBuffer()), head);
    const html = hydrateAfterPaint(await response.text());
    head["content-security-policy"] = policyFor(html);
    return packPage(new TextEncoder().encode(html), head);
  };

  /**
   * The build's smaller copies, made after the first answer and kept in its place. One page at a
   * time, in the order rendered, and only once no page has been rendered for a moment: after a
   * publish every page is rendered anew, and brotli 11 (a core for a tenth of a second a page)
   * must not take the machine from the renders visitors wait for. A page replaced or forgotten
   * while it waited is skipped, and visitors who shared a render queue it once.
   */
  let lastRender = 0;
  let polishing = Promise.resolve();
  const queued = new WeakSet<KeptPage>();
  const polish = (path: string, page: KeptPage) => {
    if (queued.has(page)) return;
    queued.add(page);
    const generation = content.generation;
    polishing = polishing.then(async () => {
      const idleFor = () => lastRender + IDLE_MS - performance.now();
      for (let wait = idleFor(); wait > 0; wait = idleFor()) await sleep(wait);
      if (content.page(path) !== page) return;
      try {
        const polished = await polishPage(page);
        if (content.page(path) === page) content.keep(path, polished, generation);
      } catch (error) {
        log.warn({ err: error, path }, "site page: compressing failed");
      }
    });
  };

  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || c.req.header("range")) return next();
    const requested = c.req.path;
    const data = requested.endsWith(".data");
    if (data && new URL(c.req.url).search) return next();
    let page = requested.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
    if (page === "/_root") page = "/";
    if (!isSitePage(page)) return next();
    // The kept key is what is rendered: `/team/` is `/team`, as its pre-rendered file was.
    const path = data ? (page === "/" ? "/_root.data" : `${page}.data`) : page;
    let kept = content.page(path);
    let rendered: string | undefined;
    if (!kept) {
      const started = performance.now();
      kept = await content.render(path, () => make(new URL(c.req.url), path));
      lastRender = performance.now();
      if (!kept) return next();
      if (!kept.polished && content.page(path) === kept) polish(path, kept);
      // What the render cost, for the browser's developer tools and bench/site-content.
      rendered = `render;dur=${(performance.now() - started).toFixed(1)}`;
    }
    if (holdsPage(kept, c.req.header("if-none-match"))) {
      return new Response(null, { status: 304, headers: kept.unchanged });
    }
    const encoding = chooseEncoding(kept.bodies, c.req.header("accept-encoding") ?? "");
    const body = method === "HEAD" ? null : (kept.bodies[encoding] ?? null);
    const headers = kept.headers[encoding];
    return new Response(body, {
      status: 200,
      headers: rendered ? { ...headers, "server-timing": rendered } : headers,
    });
  };
}
