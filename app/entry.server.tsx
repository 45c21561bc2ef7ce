/**
 * How the server renders a page: React Router's own entry for Node, with React's web-streams
 * renderer in place of its Node-streams one (decision 278).
 *
 * React's Node renderer keeps each render's request in an AsyncLocalStorage, and on Node 20 the
 * first page it renders turns on async_hooks for the rest of the process: from then on every
 * promise, tick, timer and socket write of every request, the API's included, runs a hook. That
 * was about a tenth of a signed-in `GET /api/user` (docs/benchmarks.md, API instructions). The
 * web-streams build (react-dom/server.edge) finds no global AsyncLocalStorage on Node and keeps
 * none; the page is the same HTML, and a page rendered without a request's async context loses
 * nothing (this site renders no Server Components).
 */
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server.edge";
import { type EntryContext, ServerRouter } from "react-router";

/** How long deferred data may take before the render gives up on it (React Router reads this). */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  // A shell that fails rejects here, and React Router answers with the error page.
  const body = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} />,
    {
      // The rejected boundaries get a second to be written before the render is cut.
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors of the shell are logged where the rejection above is handled.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  // Crawlers and SPA mode get the whole page at once, as with the Node renderer's onAllReady.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;
  responseHeaders.set("Content-Type", "text/html");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
