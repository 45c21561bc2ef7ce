import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../security-headers.ts";
import { hydrateAfterPaint } from "./hydrate-after-paint.ts";

// React Router's markup, as a page renders it (the browser test checks the real one).
const moduleBody = `import * as route0 from "/assets/root.js";
window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client.js");`;
const rendered = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/root.js"/><script>window.consent=1</script></head><body><h1>Reformas</h1><script>window.__reactRouterContext = {}</script><script type="module" async="">${moduleBody}</script><script>enqueue()</script></body></html>`;
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("a public page's scripts after its first paint", () => {
  it("holds the module script and its preloads, and the policy still allows the script", () => {
    const html = hydrateAfterPaint(rendered);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain(
      `<script type="text/x-module-after-paint" data-modulepreload="/assets/entry.client.js /assets/root.js">${moduleBody}</script><script>`,
    );
    // The loader puts back this very text, so the document's hashes allow it.
    expect(inlineScriptHashes(html)).toContain(sha(moduleBody));
    // Everything else is as rendered, in place.
    expect(html).toContain("<h1>Reformas</h1><script>window.__reactRouterContext = {}</script>");
    expect(html.endsWith("<script>enqueue()</script></body></html>")).toBe(true);
  });

  it("leaves a page it does not recognise as rendered", () => {
    const other = rendered.replace('type="module" async=""', 'type="module"');
    expect(hydrateAfterPaint(other)).toBe(other);
    const twice = rendered.replace("</body>", `<script type="module" async="">x()</script></body>`);
    expect(hydrateAfterPaint(twice)).toBe(twice);
  });
});
