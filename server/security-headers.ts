import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";

/**
 * Security headers for every response, and a strict Content-Security-Policy for every HTML one.
 *
 * Inline scripts (React Router's hydration data, the consent bootstrap, JSON-LD) are allowed by
 * their SHA-256 hashes, computed from the document itself. That one mechanism serves pre-rendered
 * files (hashed once, then cached) and rendered pages alike, with no nonce to thread through the
 * renderer and no 'unsafe-inline' for scripts.
 */
export interface SecurityHeaderOptions {
  /** GA4 / Ads configured: allow Google's tag and its beacons. */
  googleTags: boolean;
  /** Origins the site embeds in frames (the office map). */
  frameOrigins: string[];
}

const googleScript = "https://www.googletagmanager.com";
const googleBeacons = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
  "https://*.g.doubleclick.net",
  "https://www.google.com",
  "https://www.google.es",
];

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP `'sha256-…'` sources of every inline script of a document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScript)) {
    const body = match[1] ?? "";
    if (body.trim() === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

export function contentSecurityPolicy(html: string, options: SecurityHeaderOptions): string {
  const google = options.googleTags;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inlineScriptHashes(html), ...(google ? [googleScript] : [])],
    // Inline style attributes and the inlined stylesheet carry no script.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", ...(google ? googleBeacons : [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(google ? googleBeacons : [])],
    "frame-src": options.frameOrigins.length ? options.frameOrigins : ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

const permissionsPolicy =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()";

export function securityHeaders(options: SecurityHeaderOptions): MiddlewareHandler {
  // Static HTML files (they carry Last-Modified) never change while the process runs: hash each
  // body once. Pre-rendered pages skip all this: server/prerendered.ts hashes them at start.
  const policyCache = new Map<string, string>();

  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("Permissions-Policy", permissionsPolicy);
    headers.set("X-Frame-Options", "DENY");
    // Browsers ignore HSTS over plain HTTP, so it is safe to send always.
    headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");

    // Pre-rendered pages bring their own policy, computed once at start (server/prerendered.ts).
    if (!headers.get("Content-Type")?.includes("text/html")) return;
    if (headers.get("Content-Security-Policy")) return;
    // Precompressed files (.br/.gz) arrive encoded: decoded once, then the policy is cached.
    const encoded = headers.get("Content-Encoding");
    const cacheKey =
      c.req.method === "GET" && headers.get("Last-Modified") ? c.req.path : undefined;
    let policy = cacheKey ? policyCache.get(cacheKey) : undefined;
    if (!policy) {
      // Touching `body` turns @hono/node-server's light response into a full one, with new
      // headers (and no fast path): only here, once per document, and headers re-read below.
      if (!c.res.body) return;
      const html = await readHtml(c.res.clone(), encoded);
      policy = contentSecurityPolicy(html, options);
      if (cacheKey) policyCache.set(cacheKey, policy);
    }
    c.res.headers.set("Content-Security-Policy", policy);
  };
}

async function readHtml(response: Response, encoding: string | null): Promise<string> {
  if (!encoding || !response.body) return response.text();
  const format = encoding === "br" ? "brotli" : encoding;
  if (format !== "gzip" && format !== "deflate" && format !== "brotli") return response.text();
  const { Readable } = await import("node:stream");
  const zlib = await import("node:zlib");
  const decoder =
    format === "brotli"
      ? zlib.createBrotliDecompress()
      : format === "gzip"
        ? zlib.createGunzip()
        : zlib.createInflate();
  const chunks: Buffer[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: web stream to node stream
  for await (const chunk of Readable.fromWeb(response.body as any).pipe(decoder))
    chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}
