import type { Context } from "hono";

/**
 * GET /admin and /admin/: the admin area has no page of its own (SPEC §2's admin routes are
 * /admin/{resource}/…). Staff's home is /dashboard, where sign-in lands them too (decision 253),
 * so the short address goes there: its guard sends a visitor who is signed out to /login, and
 * anyone who is not staff sees their own dashboard. A redirect of the pages' server rather than
 * a route: a route's entry would grow the manifest every public page loads (decision 145).
 */
export const adminEntrance = {
  paths: ["/admin", "/admin/"],
  handler: (c: Context) => c.redirect("/dashboard", 302),
};
