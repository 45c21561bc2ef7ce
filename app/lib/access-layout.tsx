// The layout routes of client-rendered screens (app/routes/access/) in one place. Apart from
// access.tsx, which public pages load too: only those screens load this (vite.config.ts).
import type { ReactNode } from "react";
import { AccessGate, accessMiddleware, type Marker, SessionPending } from "./access";

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
    clientMiddleware: [accessMiddleware(...markers)],
    clientLoader,
    HydrateFallback: () => <SessionPending />,
    Layout: () => <AccessGate markers={markers} whileUnknown={whileUnknown} />,
  };
}
