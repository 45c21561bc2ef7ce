import type { Context } from "hono";
import { contactsResource } from "./resources/contacts.ts";

/** The lead inbox: the contacts list on its own view, as the side navigation opens it. */
const inbox = `/admin/contacts/index?${new URLSearchParams(contactsResource.landing)}`;

/**
 * GET /admin and /admin/: the admin area has no page of its own (SPEC §2's admin routes are
 * /admin/{resource}/…), so whoever types the short address goes to the lead inbox, whose guards
 * then send a visitor who is signed out to /login and anyone else without the section to
 * /dashboard, as from any admin page. A redirect of the pages' server rather than a route: a
 * route's entry would grow the manifest every public page loads (decision 145).
 */
export const adminEntrance = {
  paths: ["/admin", "/admin/"],
  handler: (c: Context) => c.redirect(inbox, 302),
};
