import { getPath } from "hono/utils/url";

/** What @hono/node-server passes a fetch as its second argument (Hono's `env`). */
interface NodeBindings {
  incoming?: { url?: string };
}

/**
 * The path the API routes a request by (Hono's `getPath` option): the very path Hono's own
 * `getPath` finds, read more cheaply.
 *
 * Hono's reads `request.url` character by character from the first "/" after the scheme and
 * host, up to a `?` or `#`, decoding it if it meets a `%`. @hono/node-server made that URL by
 * putting the origin in front of the request target as the client sent it (Node's
 * `incoming.url`) whenever the target needed no normalizing. When the URL is that target
 * behind the origin (it ends with it, and Hono's path starts where the target does), Hono's path
 * is the target up to its `?`, found by `indexOf`, unless it holds a `%` or a `#`: about 3k
 * instructions fewer for every API request (decision 289). Otherwise (a normalized target, an
 * absolute-form one, the dev server's Vite request) Hono's own is asked.
 * request-path.test.ts compares both over a real socket, targets and hosts of every kind.
 */
export function requestPath(request: Request, options?: { env?: unknown }): string {
  const target = (options?.env as NodeBindings | undefined)?.incoming?.url;
  if (target !== undefined && target.charCodeAt(0) === 47 /* / */) {
    const url = request.url;
    const pathAt = url.length - target.length;
    if (url.endsWith(target) && url.indexOf("/", url.indexOf(":") + 4) === pathAt) {
      const queryAt = target.indexOf("?");
      const path = queryAt === -1 ? target : target.slice(0, queryAt);
      if (!path.includes("%") && !path.includes("#")) return path;
    }
  }
  return getPath(request);
}
