import type { Result, Router } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";

/** Whether a request's path is the admin API's: /api/admin and below. */
const isAdminPath = (path: string) => path === "/api/admin" || path.startsWith("/api/admin/");

/** Whether a route's path segment can match more than itself (a parameter or a wildcard). */
const varies = (segment: string | undefined) =>
  segment === undefined ||
  segment.startsWith(":") ||
  segment.includes("*") ||
  segment.endsWith("?");

/**
 * Which paths a route's pattern can match: the admin API's, the others', or both. Sure only of
 * what its first two segments say; a pattern that varies there (`/api/*`, `*`) is both.
 */
function sideOf(pattern: string): "admin" | "rest" | "both" {
  const [, first, second] = pattern.split("/");
  if (varies(first)) return "both";
  if (first !== "api") return "rest";
  if (varies(second)) return "both";
  return second === "admin" ? "admin" : "rest";
}

/**
 * The API's router (issue 33 item 16): Hono's own, twice. Hono matches with one regular
 * expression (RegExpRouter) unless some route's pattern has no such expression, and then falls
 * back to walking a tree (TrieRouter) for every path. The admin API's generic
 * `/api/admin/:resource` beside `/api/admin/company` and the other fixed sections is such a
 * pattern, and the walk cost a signed-in `GET /api/user` about 4k instructions. So the admin
 * API's routes are matched apart from the rest: each request consults only the router of its
 * side, which holds every route that can match its path, in the order they were added, so the
 * answer is the one a single router would give.
 */
export class ApiRouter<T> implements Router<T> {
  readonly name = "ApiRouter";
  readonly #admin: Router<T> = new SmartRouter<T>({
    routers: [new RegExpRouter(), new TrieRouter()],
  });
  readonly #rest: Router<T> = new SmartRouter<T>({
    routers: [new RegExpRouter(), new TrieRouter()],
  });

  add(method: string, path: string, handler: T): void {
    const side = sideOf(path);
    if (side !== "rest") this.#admin.add(method, path, handler);
    if (side !== "admin") this.#rest.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    return (isAdminPath(path) ? this.#admin : this.#rest).match(method, path);
  }

  /** The router each side settled on (for the test that keeps the fast one in use). */
  get chosen(): { admin: string; rest: string } {
    return { admin: this.#admin.name, rest: this.#rest.name };
  }
}
