import {
  type IncomingMessage,
  ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from "node:http";
import { type LoggedResponse, logResponse, nextRequestId } from "../log.ts";

/**
 * The security headers every answer carries, written by Node with the status line.
 *
 * They are the same on every response, so they are not set through the web `Headers` of each
 * response: doing that in middleware made @hono/node-server give up its fast path and cost a
 * small API answer two thirds of its throughput (bench/api, docs/decisions/064). The
 * Content-Security-Policy depends on each document: server/security-headers.ts.
 */
const pageHeaders: Record<string, string> = {
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
const apiHeaders: Record<string, string> = {
  ...pageHeaders,
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "cache-control": "no-store",
};

/**
 * Header lines validated once, here, instead of on every response: Node checks each header it
 * is handed against two regular expressions and lowercases its name, and for these eight that
 * was a fifth of the instructions of a signed-in `GET /api/user` (decision 065).
 */
class HeaderBlock {
  readonly #headers: Record<string, string>;
  readonly #lengths: Set<number>;
  readonly #lines: string;

  constructor(headers: Record<string, string>) {
    this.#headers = headers;
    this.#lengths = new Set(Object.keys(headers).map((name) => name.length));
    this.#lines = Object.entries(headers)
      .map(([name, value]) => {
        validateHeaderName(name);
        validateHeaderValue(name, value);
        return `${name}: ${value}\r\n`;
      })
      .join("");
  }

  /** `taken` with `name` added when it is one of these headers. */
  #take(name: unknown, taken: string[] | undefined): string[] | undefined {
    // A name of no header's length is none of them, without lowercasing it (decision 285).
    if (typeof name === "string" && !this.#lengths.has(name.length)) return taken;
    const lower = String(name).toLowerCase();
    if (!Object.hasOwn(this.#headers, lower)) return taken;
    return taken ? [...taken, lower] : [lower];
  }

  /** The lines to write beside an answer's own headers: where both have one, the answer's wins. */
  besides(own: unknown): string {
    // Node hands the answer's headers over as an object (name → value, or lowercase name →
    // [name, value] once setHeader was used) or as a flat [name, value, ...] list. Looked
    // through without building lists: an API answer has two or three headers of its own and
    // none of these, and this runs for every answer.
    let taken: string[] | undefined;
    if (Array.isArray(own)) {
      for (let i = 0; i < own.length; i += 2) taken = this.#take(own[i], taken);
    } else if (own && typeof own === "object") {
      for (const name in own) if (Object.hasOwn(own, name)) taken = this.#take(name, taken);
    }
    if (taken === undefined) return this.#lines;
    const replaced = taken;
    const rest = Object.entries(this.#headers).filter(([name]) => !replaced.includes(name));
    return new HeaderBlock(Object.fromEntries(rest)).#lines;
  }
}

const pageBlock = new HeaderBlock(pageHeaders);
const apiBlock = new HeaderBlock(apiHeaders);

declare module "node:http" {
  interface OutgoingMessage {
    /**
     * Node's writer of the header section, which every response goes through (writeHead and
     * the implicit headers of a first write alike). Not in Node's typings; present and with
     * this signature since Node 0.x, and server/response-headers.test.ts reads the headers off
     * a real socket, so a Node that changed it would fail the suite, not the visitors.
     */
    _storeHeader(firstLine: string, headers: unknown): void;
  }
}

/**
 * Whether a request is for the API, from its target as the client sent it (`/api`, `/api/…`,
 * `/api?…`): the server hands it to the API (`apiBeside`) and answers it with the API's
 * headers by this one test, so a target that only decodes or normalizes to an API path is
 * neither, and `/apiary` is a page.
 */
export const isApiTarget = (target: string | undefined) =>
  target?.startsWith("/api") === true &&
  (target.length === 4 || target[4] === "/" || target[4] === "?");

/**
 * Node's response with the headers above; `http.createServer({ ServerResponse: ... })`. Each
 * carries a request id, sent as `X-Request-Id` and written in its access line when it is over
 * (server/log.ts): logged here, in Node's layer, the API's answers stay free of middleware.
 */
export class SecuredResponse<Request extends IncomingMessage = IncomingMessage>
  extends ServerResponse<Request>
  implements LoggedResponse
{
  readonly requestId = nextRequestId();
  readonly startedAt = performance.now();

  /**
   * The access line is written when the response is over, its 'close' event: seen here rather
   * than by a listener added to every response, which cost an `addListener` a request.
   */
  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === "close") logResponse.call(this);
    return super.emit(event, ...args);
  }

  override _storeHeader(statusLine: string, headers: unknown): void {
    const block = isApiTarget(this.req.url) ? apiBlock : pageBlock;
    super._storeHeader(
      `${statusLine}${block.besides(headers)}x-request-id: ${this.requestId}\r\n`,
      headers,
    );
  }
}
