import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";

type Bytes = Uint8Array<ArrayBuffer>;

/** A pre-rendered document in every encoding the build wrote for it (scripts/precompress.ts). */
interface Document {
  bodies: { br?: Bytes; gzip?: Bytes; identity: Bytes };
  lastModified: string;
  /** Content-Security-Policy computed from this very document (its inline-script hashes). */
  policy?: string;
}

/** `/`, `/services`, `/service/reformas/...`: each `index.html` under the client directory. */
function loadDocuments(
  clientDir: string,
  policyFor?: (html: string) => string,
): Map<string, Document> {
  const documents = new Map<string, Document>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets" && entry.name !== "images") walk(full);
        continue;
      }
      if (entry.name !== "index.html") continue;
      const read = (suffix: string): Bytes | undefined => {
        try {
          return new Uint8Array(readFileSync(full + suffix));
        } catch {
          return undefined;
        }
      };
      const identity = read("") as Bytes;
      const document: Document = {
        bodies: { identity, gzip: read(".gz"), br: read(".br") },
        lastModified: statSync(full).mtime.toUTCString(),
        policy: policyFor?.(new TextDecoder().decode(identity)),
      };
      const route = `/${path.relative(clientDir, dir).split(path.sep).join("/")}`.replace(
        /\/$/,
        "",
      );
      documents.set(route || "/", document);
      if (route) documents.set(`${route}/`, document);
    }
  };
  walk(clientDir);
  return documents;
}

/**
 * Serves the pre-rendered pages from memory: read once at start (the build never changes while
 * the process runs), then each request is a map look-up and one write, where serveStatic
 * stats up to four files and streams one (docs/decisions/062-prerendered-pages-from-memory.md).
 * The same headers as serveStatic's; anything else (ranges, other files) falls through to it.
 */
export function servePrerendered(
  clientDir: string,
  policyFor?: (html: string) => string,
): MiddlewareHandler {
  const documents = loadDocuments(clientDir, policyFor);
  return async (c, next) => {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || c.req.header("range")) return next();
    const document = documents.get(c.req.path);
    if (!document) return next();
    const accepted = new Set(
      (c.req.header("accept-encoding") ?? "").split(",").map((e) => e.trim().split(";")[0]),
    );
    const { bodies } = document;
    const encoding =
      accepted.has("br") && bodies.br
        ? "br"
        : accepted.has("gzip") && bodies.gzip
          ? "gzip"
          : undefined;
    const body = encoding ? (bodies[encoding] as Bytes) : bodies.identity;
    c.header("Content-Type", "text/html; charset=utf-8");
    if (bodies.br || bodies.gzip) c.header("Vary", "Accept-Encoding");
    if (encoding) c.header("Content-Encoding", encoding);
    c.header("Last-Modified", document.lastModified);
    c.header("Cache-Control", "public, max-age=300");
    if (document.policy) c.header("Content-Security-Policy", document.policy);
    c.header("Content-Length", String(body.length));
    if (method === "HEAD") return c.body(null, 200);
    return c.body(body, 200);
  };
}
