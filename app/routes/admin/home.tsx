// /admin: the admin area has no page of its own (SPEC §2's admin routes are
// /admin/{resource}/...); staff go to the lead inbox, or to the first section their role allows,
// where the side navigation would take them. Under the online + verify layout, so a visitor who
// is signed out goes to /login and an unverified user to /dashboard, as from any admin page; a
// role without sections goes to /dashboard (SPEC §6).
import { redirect } from "react-router";
import { SessionPending } from "~/lib/access";
import { type AdminSummary, adminHome } from "~/lib/admin";
import { api } from "~/lib/api";
import { adminSections } from "~/lib/auth";
import { getSession } from "~/lib/session";

export async function clientLoader() {
  // The summary names each section's own view (the inbox); without it, the role's sections.
  const summary = await api<AdminSummary>("GET", "admin/summary", undefined, {
    silent: true,
  }).catch(() => null);
  // In place of /admin in the history, or the way back would send staff on again: the header
  // React Router's `replace()` sets (importing `replace` grows every page's framework chunk).
  throw redirect(adminHome(summary?.sections ?? adminSections(getSession().user)) ?? "/dashboard", {
    headers: { "X-Remix-Replace": "true" },
  });
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <SessionPending />;
}

export default function AdminHome() {
  return <SessionPending />;
}
