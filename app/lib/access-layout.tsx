// The layout routes of client-rendered screens (app/routes/access/) in one place. Apart from
// access.tsx, which public pages load too: only those screens load this (vite.config.ts). With
// them, the page a signed-out visitor asked for before the guards sent them to /login (a staff
// notice's link to a lead, a bookmarked admin view): SPEC §4 sends every sign-in to /dashboard,
// and the dashboard goes on from there to that page at once (decisions 051, 207). Kept in this
// tab's sessionStorage for 30 minutes, taken once.
import type { ReactNode } from "react";
import { type MiddlewareFunction, redirect } from "react-router";
import { AccessGate, accessMiddleware, type Marker, SessionPending } from "./access";
import { restoreSession } from "./auth";

/** The staff member's own security screen: the enrolment of a second factor, the sessions. */
export const securityScreen = "/admin/seguridad";

/**
 * Decision 220: once a second factor is required, a super admin or admin without one goes
 * straight to its enrolment from every screen that needs a sign-in, and nowhere else (the API
 * refuses them the admin anyway). Public pages stay open.
 */
export const enrolmentFirst: MiddlewareFunction = async () => {
  const session = await restoreSession();
  if (session.user?.two_factor?.required) throw redirect(securityScreen);
};

/**
 * The exports of a layout route of client-rendered screens behind `markers`
 * (app/routes/access/): the check runs as client middleware before anything renders, the first
 * paint shows <SessionPending>, and screens that need a user show `whileUnknown` while the user
 * is not known (see AccessGate).
 */
export function accessLayout(markers: readonly Marker[], whileUnknown?: ReactNode) {
  // Nothing here depends on the server: the browser decides once it knows the session.
  async function clientLoader() {
    return null;
  }
  clientLoader.hydrate = true as const;
  return {
    clientMiddleware: [
      rememberingReturn(accessMiddleware(...markers)),
      ...(markers.includes("online") ? [enrolmentFirst] : []),
    ],
    clientLoader,
    HydrateFallback: () => <SessionPending />,
    Layout: () => <AccessGate markers={markers} whileUnknown={whileUnknown} />,
  };
}

const KEY = "returnTo";
const LIFETIME_MS = 30 * 60_000;

/** A path of this site, never another origin ("//host", "/\host"). */
const isOwnPath = (path: unknown): path is string =>
  typeof path === "string" && /^\/(?![/\\])/.test(path);

/** `check` (the access middleware), remembering the page it sends to /login. */
export function rememberingReturn(check: MiddlewareFunction): MiddlewareFunction {
  return async (args, next) => {
    try {
      return await check(args, next);
    } catch (thrown) {
      if (thrown instanceof Response && thrown.headers.get("Location") === "/login") {
        const { pathname, search } = new URL(args.request.url);
        try {
          sessionStorage.setItem(KEY, JSON.stringify({ path: pathname + search, at: Date.now() }));
        } catch {
          // Without storage the dashboard is shown; signing in works as before.
        }
      }
      throw thrown;
    }
  };
}

/** The remembered page, if still fresh; it is forgotten once read. */
export function takeReturn(): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as {
      path?: unknown;
      at?: unknown;
    } | null;
    sessionStorage.removeItem(KEY);
    const fresh = typeof saved?.at === "number" && Date.now() - saved.at < LIFETIME_MS;
    return fresh && isOwnPath(saved?.path) ? saved.path : null;
  } catch {
    return null;
  }
}

/**
 * For /dashboard's clientLoader: a sign-in lands there (SPEC §4), then goes on at once to the
 * page kept, replacing the dashboard in the tab's history so Back does not lead to it. The
 * guards of that page decide again (a guest who followed an admin link is sent back here, where
 * nothing is kept any more).
 */
export function continueToReturn(): void {
  const path = takeReturn();
  if (path && new URL(path, "http://site").pathname !== "/dashboard") {
    // React Router's `replace()`, written with `redirect`, which every page already loads.
    const response = redirect(path);
    response.headers.set("X-Remix-Replace", "true");
    throw response;
  }
}
