// Each staff member's last view of the inbox (issue 37, decisions 256 and 272): its filters, tab,
// order and page size, kept in the browser per person and section, so that coming back to the
// inbox (the navigation's link, a bare /admin/contacts/index typed or bookmarked) opens it as they
// left it. The URL stays the view's only source: a remembered view is restored by going to its
// address, never by drawing filters the address does not carry. «Quitar filtros» clears it: the
// cleared view is then the last one.
import { getSession } from "~/lib/session";

/** The sections whose last view is remembered: the inbox, worked all day; the others are
 * visited for one task at a time, where yesterday's search would only surprise. */
const remembered = new Set(["contacts"]);

const key = (resource: string) => {
  const user = getSession().user?.id;
  return user === undefined ? undefined : `admin-filters:${user}:${resource}`;
};

/** The list's query string without its page: a view is found again from its first page. */
function viewOf(search: URLSearchParams): string {
  const view = new URLSearchParams(search);
  view.delete("page");
  for (const [name, value] of [...view.entries()]) if (value === "") view.delete(name);
  return view.toString();
}

/** Called when a view of `resource` was shown: it is now the one to come back to. */
export function rememberFilters(resource: string, search: URLSearchParams): void {
  const name = remembered.has(resource) ? key(resource) : undefined;
  if (!name) return;
  try {
    localStorage.setItem(name, viewOf(search));
  } catch {
    // Storage refused (private mode, quota): the inbox opens as the navigation says.
  }
}

/**
 * The query string (without "?") of the staff member's last view of `resource`: "" when it was the
 * plain list, null when nothing is remembered (never opened here, another section, storage off).
 */
export function rememberedFilters(resource: string): string | null {
  const name = remembered.has(resource) ? key(resource) : undefined;
  if (!name) return null;
  try {
    return localStorage.getItem(name);
  } catch {
    return null;
  }
}

// Which list is on screen. A bare address reached from inside the list itself («Todos» with no
// other filter, «Quitar filtros») asks for the plain list; only one reached from elsewhere is a
// return to the inbox, to be restored.
let shown: string | undefined;

/** The list screen says when it is on screen (and when it is no longer). */
export function markListShown(resource: string | undefined): void {
  shown = resource;
}

/**
 * Where a bare address of `resource` should go instead: the last view, when staff come back to
 * the list from elsewhere and one is remembered; undefined to show the address as it is.
 */
export function restoredView(resource: string, url: URL): string | undefined {
  if (url.search !== "" || shown === resource) return undefined;
  const view = rememberedFilters(resource);
  return view ? `${url.pathname}?${view}` : undefined;
}
