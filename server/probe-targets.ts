/** The health probes' paths (decision 091); each starts /h or /r (`isHealthTarget`). */
const probePaths = new Set(["/healthz", "/readyz"]);

/**
 * Whether a request-target is one of the probes: its path exactly, whatever query follows (a
 * monitor's cache-buster, `/healthz?t=123`); `/healthz/` is not one. Used where a request
 * arrives (server/app.ts) and where its access line is written (server/log.ts), with no
 * allocation for a target without a query.
 */
export function isHealthTarget(target: string): boolean {
  // Both paths start /h or /r: any other target is told by one character, without the set's
  // hash of it (this runs for every access line; decision 285).
  const second = target.charCodeAt(1);
  return (second === 104 || second === 114) && probePaths.has(pathOf(target));
}

/** A request-target's path, without its query: `/contact?servicio=cocinas` is /contact. */
export function pathOf(target: string): string {
  const query = target.indexOf("?");
  return query < 0 ? target : target.slice(0, query);
}

/** Whether a request-target is a staff photo's file, /media/… (decision 248): the API serves it. */
export const isSitePhotoTarget = (target: string): boolean => target.startsWith("/media/");
