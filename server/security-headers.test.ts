import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync } from "node:zlib";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, documentPolicy } from "./security-headers.ts";

const page = `<!DOCTYPE html><html><head><script>window.__ctx = {"a":1}</script>
<script type="application/ld+json">{"@type":"GeneralContractor"}</script>
<script type="module" src="/assets/entry.js"></script></head><body><script>boot()</script></body></html>`;
const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1);

describe("content security policy", () => {
  const options = { googleTags: false, frameOrigins: ["https://www.openstreetmap.org"] };

  it("allows exactly the document's inline scripts by hash, never 'unsafe-inline'", () => {
    const scripts = directive(contentSecurityPolicy(page, options), "script-src");
    expect(scripts).toEqual([
      "'self'",
      sha('window.__ctx = {"a":1}'),
      sha('{"@type":"GeneralContractor"}'),
      sha("boot()"),
    ]);
  });

  it("locks down objects, base, framing and forms; frames only the map", () => {
    const policy = contentSecurityPolicy(page, options);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "base-uri")).toEqual(["'none'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "frame-src")).toEqual(["https://www.openstreetmap.org"]);
    expect(policy).not.toContain("googletagmanager");
  });

  it("admits Google's tag only when it is configured", () => {
    const policy = contentSecurityPolicy(page, { ...options, googleTags: true });
    expect(directive(policy, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(policy, "connect-src")).toContain("https://*.google-analytics.com");
  });
});

describe("the policy of each kind of answer", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "obra-csp-"));
  writeFileSync(path.join(dir, "index.html"), page);
  writeFileSync(path.join(dir, "index.html.br"), brotliCompressSync(page));
  writeFileSync(path.join(dir, "app.js"), "console.log(1)");

  const app = new Hono();
  app.use("*", compress());
  app.use("*", documentPolicy({ googleTags: false, frameOrigins: [] }));
  app.use("*", serveStatic({ root: dir, precompressed: true }));
  app.get("/rendered", (c) => c.html(page.replace("boot()", "render()")));
  app.get("/missing", (c) => c.html(page.replace("boot()", "notFound()"), 404));
  app.get("/api/thing", (c) => c.json({ ok: true }));

  it("rendered page, gzipped on the fly: its own hashes, whatever its status", async () => {
    for (const [url, script] of [
      ["/rendered", "render()"],
      ["/missing", "notFound()"],
    ] as const) {
      const res = await app.request(url, { headers: { "Accept-Encoding": "gzip" } });
      const policy = res.headers.get("content-security-policy") ?? "";
      expect(policy).toContain(sha(script));
      expect(policy).not.toContain(sha("boot()"));
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toContain(script);
    }
  });

  it("an encoded file is not read: a policy that allows no inline script", async () => {
    const res = await app.request("/", { headers: { "Accept-Encoding": "br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    const policy = res.headers.get("content-security-policy") ?? "";
    expect(directive(policy, "script-src")).toEqual(["'self'"]);
  });

  it("API and asset answers: no CSP needed", async () => {
    for (const url of ["/api/thing", "/app.js"]) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toBeNull();
    }
  });
});
