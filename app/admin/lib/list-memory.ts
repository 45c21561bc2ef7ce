// Where staff were in a section's list (search, filters, order, page, page size), so that the
// detail view's "Volver a …" link and the redirect after a deletion return there rather than to
// the plain list. Kept per tab (sessionStorage): two tabs may work two different views.

const key = (resource: string) => `admin-list:${resource}`;

/** Called by the list with its URL's query string ("?q=…&page=2", or ""). */
export function rememberListSearch(resource: string, search: string): void {
  try {
    sessionStorage.setItem(key(resource), search);
  } catch {
    // Storage refused (private mode, quota): the plain list is where staff go back to.
  }
}

/** The list of `resource` as staff last saw it in this tab. */
export function listPath(resource: string): string {
  let search = "";
  try {
    search = sessionStorage.getItem(key(resource)) ?? "";
  } catch {
    // As above: the plain list.
  }
  return `/admin/${resource}/index${search.startsWith("?") ? search : ""}`;
}
