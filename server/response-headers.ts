import { type IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from "node:http";

/**
 * The security headers every answer carries, written by Node with the status line.
 *
 * They are the same on every response, so they are not set through the web `Headers` of each
 * response: doing that in middleware made @hono/node-server give up its fast path and cost a
 * small API answer two thirds of its throughput (bench/api, docs/decisions/064). Names are
 * lowercase, as `Headers` hands them over, so an answer that sets one of them itself wins.
 * The Content-Security-Policy depends on each document: server/security-headers.ts.
 */
export const pageHeaders: OutgoingHttpHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy":
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "x-frame-options": "DENY",
  // Browsers ignore HSTS over plain HTTP, so it is safe to send always.
  "strict-transport-security": "max-age=63072000; includeSubDomains",
};

/**
 * JSON for this site's own pages: never stored, never readable by another origin, nothing to
 * run or frame if a browser is pointed at it (OWASP REST Security Cheat Sheet).
 */
export const apiHeaders: OutgoingHttpHeaders = {
  ...pageHeaders,
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "cache-control": "no-store",
};

const isApiPath = (url: string | undefined) => url?.startsWith("/api/") ?? false;

/** Node's response with the headers above; `http.createServer({ ServerResponse: ... })`. */
export class SecuredResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  // biome-ignore lint/suspicious/noExplicitAny: Node's overloads (status, [reason], [headers])
  override writeHead(statusCode: number, ...rest: any[]): this {
    const at = typeof rest[0] === "string" ? 1 : 0;
    const own = rest[at];
    // A flat array of raw headers is not used by this server; passed on untouched.
    if (!Array.isArray(own)) {
      rest[at] = { ...(isApiPath(this.req.url) ? apiHeaders : pageHeaders), ...own };
    }
    return super.writeHead(statusCode, ...rest);
  }
}
