import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { beforeAll, describe, expect, it } from "vitest";
import { serveBuildFiles } from "./build-files.ts";
import { contentSecurityPolicy, documentPolicy } from "./security-headers.ts";

const home = "<!DOCTYPE html><html lang=es><title>Inicio</title><h1>Obra</h1></html>";
const services = "<!DOCTYPE html><html lang=es><title>Servicios</title></html>";
const script = "export const obra = 1;";

describe("pages and assets of the build, from memory", () => {
  let app: Hono;
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "obra-prerendered-"));
    writeFileSync(path.join(dir, "index.html"), home);
    writeFileSync(path.join(dir, "index.html.gz"), gzipSync(home));
    writeFileSync(path.join(dir, "index.html.br"), brotliCompressSync(home));
    mkdirSync(path.join(dir, "services"));
    writeFileSync(path.join(dir, "services/index.html"), services);
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "assets/entry-Ab12.js"), script);
    writeFileSync(path.join(dir, "assets/entry-Ab12.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(dir, "assets/inter-latin-Cd34.woff2"), "wOF2");
    app = new Hono();
    app.use("*", serveBuildFiles(dir));
    app.all("*", (c) => c.text("fell through", 404));
  });

  const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
    app.request(url, { method, headers });

  it("answers the gzip copy with the headers a browser and a cache need", async () => {
    const res = await get("/", { "Accept-Encoding": "gzip, deflate" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
    expect(res.headers.get("last-modified")).toMatch(/GMT$/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get("content-length")).toBe(String(body.length));
    expect(gunzipSync(body).toString()).toBe(home);
  });

  it("prefers brotli, and sends plain HTML to a client that accepts neither", async () => {
    expect(
      (await get("/", { "Accept-Encoding": "gzip, br" })).headers.get("content-encoding"),
    ).toBe("br");
    const plain = await get("/");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(home);
  });

  it("serves nested pages with and without the trailing slash, and HEAD without a body", async () => {
    expect(await (await get("/services")).text()).toBe(services);
    expect(await (await get("/services/", { "Accept-Encoding": "gzip" })).text()).toBe(services);
    const head = await get("/", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(Buffer.byteLength(home)));
    expect(await head.text()).toBe("");
  });

  it("serves hashed assets for a year, compressed when the build compressed them", async () => {
    const js = await get("/assets/entry-Ab12.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js.headers.get("content-encoding")).toBe("br");
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const font = await get("/assets/inter-latin-Cd34.woff2", { "Accept-Encoding": "br" });
    expect(font.headers.get("content-type")).toBe("font/woff2");
    expect(font.headers.get("content-encoding")).toBeNull();
    expect(font.headers.get("vary")).toBeNull();
    expect(await font.text()).toBe("wOF2");
    expect((await get("/assets/missing.js")).status).toBe(404);
  });

  it("leaves other paths, ranges and posts to the next handler", async () => {
    expect((await get("/gallery")).status).toBe(404);
    expect((await get("/", { Range: "bytes=0-10" })).status).toBe(404);
    expect((await get("/", {}, "POST")).status).toBe(404);
  });

  // Over a real socket @hono/node-server writes light responses itself: the policy made in
  // advance must still reach the wire, request after request.
  it("carries the Content-Security-Policy when served by Node, not only in app.request()", async () => {
    // The production stack of server/index.ts: the build's files, then compression and the
    // policy of rendered pages.
    const options = { googleTags: false, frameOrigins: [] };
    const served = new Hono();
    served.use(
      "*",
      serveBuildFiles(dir, (html) => contentSecurityPolicy(html, options)),
    );
    served.use("*", compress());
    served.use("*", documentPolicy(options));
    // Port 0: the kernel's choice, never one another test holds (decision 195).
    const server = serve({ fetch: served.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    const { port } = server.address() as AddressInfo;
    try {
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/`, {
          headers: { "Accept-Encoding": "br" },
        });
        expect(res.headers.get("content-security-policy")).toContain("object-src 'none'");
        expect(await res.text()).toBe(home);
      }
    } finally {
      server.close();
    }
  });
});
