import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import {
  type Bytes,
  chooseEncoding,
  type EncodedBodies,
  type EncodedHeaders,
  headersPerEncoding,
} from "./encoded-body.ts";

/** One file of the client build in every encoding the build wrote (scripts/precompress.ts). */
interface BuildFile {
  bodies: EncodedBodies;
  /** The complete headers of each encoding's answer, made once. */
  headers: EncodedHeaders;
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".png": "image/png",
  ".jpg": "image/jpeg",
};

/** `policyFor` makes a document's Content-Security-Policy from its own HTML. */
function readFile(
  full: string,
  cacheControl: string,
  policyFor?: (html: string) => string,
): BuildFile {
  const read = (suffix: string): Bytes | undefined => {
    try {
      return new Uint8Array(readFileSync(full + suffix));
    } catch {
      return undefined;
    }
  };
  const bodies = { identity: read("") as Bytes, gzip: read(".gz"), br: read(".br") };
  const policy = policyFor?.(new TextDecoder().decode(bodies.identity));
  const common: Record<string, string> = {
    "content-type": contentTypes[path.extname(full)] ?? "application/octet-stream",
    "last-modified": statSync(full).mtime.toUTCString(),
    "cache-control": cacheControl,
    ...(bodies.br || bodies.gzip ? { vary: "Accept-Encoding" } : {}),
    ...(policy ? { "content-security-policy": policy } : {}),
  };
  return { bodies, headers: headersPerEncoding(bodies, common) };
}

/**
 * The pre-rendered pages (`/`, `/services`, … from each `index.html`, with and without the
 * trailing slash; each with the CSP of its own inline scripts) and the hashed assets under
 * `/assets/` (cached for a year: their names change with their content).
 */
function loadBuild(clientDir: string, policyFor?: (html: string) => string) {
  const files = new Map<string, BuildFile>();
  const assetsDir = path.join(clientDir, "assets");
  for (const name of existsSync(assetsDir) ? readdirSync(assetsDir) : []) {
    if (name.endsWith(".br") || name.endsWith(".gz")) continue;
    const file = readFile(path.join(assetsDir, name), "public, max-age=31536000, immutable");
    files.set(`/assets/${name}`, file);
  }
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets" && entry.name !== "images") walk(full);
        continue;
      }
      if (entry.name !== "index.html") continue;
      const file = readFile(full, "public, max-age=300", policyFor);
      const route = `/${path.relative(clientDir, dir).split(path.sep).join("/")}`.replace(
        /\/$/,
        "",
      );
      files.set(route || "/", file);
      if (route) files.set(`${route}/`, file);
    }
  };
  walk(clientDir);
  return files;
}

/**
 * Serves the pre-rendered pages and the assets from memory: read once at start (the build
 * never changes while the process runs), then each request is a map look-up and one write of
 * a body with headers made in advance, where serveStatic stats up to four files, streams one
 * and sets each header on a web Headers object (docs/decisions/064). Anything else (ranges,
 * other methods, other files) goes on to the next handler.
 */
export function serveBuildFiles(
  clientDir: string,
  policyFor?: (html: string) => string,
): MiddlewareHandler {
  const files = loadBuild(clientDir, policyFor);
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || c.req.header("range")) return next();
    const file = files.get(c.req.path);
    if (!file) return next();
    const accepted = c.req.header("accept-encoding") ?? "";
    const encoding = chooseEncoding(file.bodies, accepted);
    const body = method === "HEAD" ? null : (file.bodies[encoding] as Bytes);
    return new Response(body, { status: 200, headers: file.headers[encoding] });
  };
}
