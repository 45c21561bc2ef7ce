/**
 * React Router writes each error it meets while answering a page with `console.error`: a raw
 * stack among the log's JSON lines (decision 090), as much for a bot posting to a page that
 * takes no form as for a real fault. The production handler gets this `handleError` instead: a
 * request the client got wrong (a 4xx answer) is already the access line with its status; a
 * fault is one error line (the log's `err` serializer, `safeError`). And a path it cannot
 * decode never reaches it: it would write a raw warning with the path, unredacted.
 */
import { type HandleErrorFunction, isRouteErrorResponse, type ServerBuild } from "react-router";
import { log, redactTarget } from "./log.ts";

const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // React Router wraps its own failures in a response whose (untyped) `error` is the original.
  const cause = (isRouteErrorResponse(error) && (error as { error?: unknown }).error) || error;
  const { pathname, search } = new URL(request.url);
  log.error({ err: cause, path: redactTarget(pathname + search) }, "page: error");
};

/** The build with errors written to the server's log. */
export function withLoggedErrors(build: ServerBuild): ServerBuild {
  return { ...build, entry: { ...build.entry, module: { ...build.entry.module, handleError } } };
}

/** Whether every segment of the address's path decodes (a bad percent escape does not). */
export function decodablePath(url: string): boolean {
  const { pathname } = new URL(url);
  try {
    // Compared, not discarded: the bundler drops a call whose result is unused, even one that
    // throws, and the check with it.
    const decoded = pathname.split("/").map((segment) => decodeURIComponent(segment));
    return decoded.join("/").length <= pathname.length;
  } catch {
    return false;
  }
}
