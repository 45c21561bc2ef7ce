import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";

/**
 * A strict Content-Security-Policy for every HTML answer.
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

/**
 * The Content-Security-Policy of HTML answers that do not bring their own: pages rendered on
 * request (pre-rendered ones are hashed once at start, server/build-files.ts). An encoded or
 * partial document (a range of a pre-rendered file) is not read: it gets the policy with no
 * inline script allowed. The other security headers: server/response-headers.ts.
 */
export function documentPolicy(options: SecurityHeaderOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (!c.res.headers.get("Content-Type")?.includes("text/html")) return;
    if (c.res.headers.get("Content-Security-Policy")) return;
    const whole = c.res.status !== 206 && !c.res.headers.get("Content-Encoding") && c.res.body;
    // Reading the body replaces @hono/node-server's light response and its headers: the
    // policy goes on the headers of the response as it is afterwards.
    const html = whole ? await c.res.clone().text() : "";
    c.res.headers.set("Content-Security-Policy", contentSecurityPolicy(html, options));
  };
}
