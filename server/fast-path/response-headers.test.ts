import http from "node:http";
import type { AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createListeningTestApp } from "../../tests/support/listening.ts";
import { SecuredResponse } from "./response-headers.ts";

/** A request over a real socket: status, the raw header lines (names lowercased) and body. */
function send(port: number, path: string, method = "GET", headers: Record<string, string> = {}) {
  return new Promise<{ status: number; lines: [string, string][]; body: string }>(
    (resolve, reject) => {
      http
        .request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
          const lines: [string, string][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            lines.push([(res.rawHeaders[i] ?? "").toLowerCase(), res.rawHeaders[i + 1] ?? ""]);
          }
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, lines, body }));
        })
        .on("error", reject)
        .end();
    },
  );
}
const get = (port: number, path: string, headers: Record<string, string> = {}) =>
  send(port, path, "GET", headers);
const value = (lines: [string, string][], name: string) =>
  lines.filter(([n]) => n === name).map(([, v]) => v);

// The headers are written by Node, so only a real socket shows them (not app.request()).
describe.skipIf(skipDatabase)("security headers on the wire", () => {
  const site = new Hono();
  site.get("/obra", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.html("<!DOCTYPE html><title>Obra</title>");
  });
  site.get("/embeddable", (c) => {
    c.header("X-Frame-Options", "SAMEORIGIN");
    return c.html("<!DOCTYPE html><title>Plano</title>");
  });
  const wire = perSuite(() => createListeningTestApp({}, site));

  it("API answers, refusals included: locked to this origin, never stored, no CORS grant", async () => {
    for (const path of ["/api/user", "/api/no-such-thing"]) {
      const { status, lines } = await get(wire.port, path, { Origin: "https://evil.example" });
      expect(status).toBeGreaterThanOrEqual(400);
      expect(value(lines, "x-content-type-options")).toEqual(["nosniff"]);
      expect(value(lines, "strict-transport-security")[0]).toMatch(/max-age=\d+/);
      expect(value(lines, "referrer-policy")).toEqual(["strict-origin-when-cross-origin"]);
      expect(value(lines, "permissions-policy")[0]).toContain("camera=()");
      expect(value(lines, "cross-origin-resource-policy")).toEqual(["same-origin"]);
      expect(value(lines, "content-security-policy")).toEqual([
        "default-src 'none'; frame-ancestors 'none'",
      ]);
      expect(value(lines, "cache-control")).toEqual(["no-store"]);
      expect(value(lines, "content-type")[0]).toContain("application/json");
      expect(value(lines, "access-control-allow-origin")).toEqual([]);
    }
  });

  it("pages: the common headers once each, their own caching, embeddable by nobody", async () => {
    const { status, lines } = await get(wire.port, "/obra");
    expect(status).toBe(200);
    expect(value(lines, "x-content-type-options")).toEqual(["nosniff"]);
    expect(value(lines, "x-frame-options")).toEqual(["DENY"]);
    expect(value(lines, "referrer-policy")).toEqual(["strict-origin-when-cross-origin"]);
    expect(value(lines, "permissions-policy")[0]).toContain("camera=()");
    expect(value(lines, "cache-control")).toEqual(["public, max-age=300"]);
    // Images and pages may be linked from elsewhere: no cross-origin resource lock.
    expect(value(lines, "cross-origin-resource-policy")).toEqual([]);
  });

  it("the bare API root, with or without a query, is an unknown API path: JSON 404", async () => {
    for (const path of ["/api", "/api?x=1"]) {
      for (const method of ["GET", "HEAD"]) {
        const { status, lines, body } = await send(wire.port, path, method);
        expect(status, `${method} ${path}`).toBe(404);
        expect(value(lines, "content-type")[0], `${method} ${path}`).toContain("application/json");
        expect(value(lines, "cache-control"), `${method} ${path}`).toEqual(["no-store"]);
        if (method === "GET") {
          expect(JSON.parse(body)).toEqual({
            title: "No encontrado",
            message: "La dirección solicitada no existe en la API.",
          });
        }
      }
    }
    // A page whose path merely begins with the same letters stays a page.
    const { lines } = await get(wire.port, "/apiary");
    expect(value(lines, "content-type")[0] ?? "").not.toContain("application/json");
  });

  it("a target that only decodes or normalizes to an API path is not the API", async () => {
    for (const path of ["/%61pi/user", "/obra/../api/user"]) {
      const { status, lines } = await get(wire.port, path);
      expect(status).toBe(404);
      expect(value(lines, "content-type")[0] ?? "").not.toContain("application/json");
      expect(value(lines, "x-frame-options")).toEqual(["DENY"]);
    }
  });

  it("an answer that sets one of them itself sends its own value, once", async () => {
    const { lines } = await get(wire.port, "/embeddable");
    expect(value(lines, "x-frame-options")).toEqual(["SAMEORIGIN"]);
    expect(value(lines, "x-content-type-options")).toEqual(["nosniff"]);
  });
});

// Node hands its header writer the answer's headers in three shapes; each must keep its own.
describe("security headers from a bare Node handler", () => {
  const answers: Record<string, (res: http.ServerResponse) => void> = {
    "/set-header": (res) => {
      res.setHeader("X-Frame-Options", "SAMEORIGIN");
      res.end("hola");
    },
    "/flat-list": (res) => {
      res.writeHead(200, ["X-Frame-Options", "SAMEORIGIN", "Content-Type", "text/plain"]);
      res.end("hola");
    },
    "/no-headers": (res) => res.end("hola"),
  };
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer({ ServerResponse: SecuredResponse }, (req, res) =>
      answers[req.url ?? ""]?.(res),
    );
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  it("keeps the handler's own value and adds the rest", async () => {
    for (const path of ["/set-header", "/flat-list"]) {
      const { status, lines } = await get(port, path);
      expect(status).toBe(200);
      expect(value(lines, "x-frame-options")).toEqual(["SAMEORIGIN"]);
      expect(value(lines, "strict-transport-security")[0]).toMatch(/max-age=\d+/);
    }
    const { lines } = await get(port, "/no-headers");
    expect(value(lines, "x-frame-options")).toEqual(["DENY"]);
    expect(value(lines, "referrer-policy")).toEqual(["strict-origin-when-cross-origin"]);
  });
});
