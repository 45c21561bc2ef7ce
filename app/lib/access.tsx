// The access markers of SPEC §2 (outline, online, verify, role) as one rule, used twice:
// - client middleware on the layout routes of client-rendered screens: the check runs before
//   anything renders, on hydration and on every navigation;
// - <AccessGate>, which also re-checks whenever the session changes (sign-out, an expired
//   token) and guards pre-rendered public pages after hydration without touching their HTML.
// The API enforces every rule again; these checks only decide where the browser goes.
import { type ReactNode, useEffect } from "react";
import type { MiddlewareFunction } from "react-router";
import { Outlet, redirect, useNavigate, useParams } from "react-router";
import { canManage, isVerified, restoreSession, type User, useAuth } from "./auth";

export type Marker = "outline" | "online" | "verify" | "role";

/** Where a visitor must go instead, or null when the markers let them in. */
export function accessRedirect(
  markers: readonly Marker[],
  user: User | null,
  resource?: string,
): string | null {
  for (const marker of markers) {
    if (marker === "outline" && user) return "/dashboard";
    if (marker === "online" && !user) return "/login";
    // "both, verify": a visitor who is not signed in may stay; an unverified user may not.
    if (marker === "verify" && user && !isVerified(user)) return "/dashboard";
    if (marker === "role" && !canManage(user, resource)) return user ? "/dashboard" : "/login";
  }
  return null;
}

export function accessMiddleware(...markers: Marker[]): MiddlewareFunction {
  return async ({ params }) => {
    const session = await restoreSession();
    // A check that failed without a verdict leaves the user unknown: no redirect either way,
    // the gate below keeps a screen that needs a user closed until a later check answers.
    if (!session.ready) return;
    const target = accessRedirect(markers, session.user, params.resource);
    if (target) throw redirect(target);
  };
}

/**
 * Renders the child route only while the markers allow it; otherwise replaces the location.
 * Screens that need a signed-in user pass `whileUnknown`, shown instead of the screen while the
 * user is not known. Their middleware has already awaited the check, so that means it failed
 * without a verdict: the user is neither let in nor sent to /login.
 */
export function AccessGate({
  markers,
  whileUnknown,
}: {
  markers: readonly Marker[];
  whileUnknown?: ReactNode;
}) {
  const { ready, user } = useAuth();
  const { resource } = useParams();
  const navigate = useNavigate();
  const target = ready ? accessRedirect(markers, user, resource) : null;

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  if (target) return null;
  if (whileUnknown && !ready) return whileUnknown;
  return <Outlet />;
}

/** What client-rendered screens show on the first paint, before the session is known. */
export function SessionPending() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-ink-soft" role="status">
      Cargando...
    </div>
  );
}
