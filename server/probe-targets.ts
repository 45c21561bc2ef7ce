/** The health probes' paths (decision 091). */
const probePaths = new Set(["/healthz", "/readyz"]);

/**
 * Whether a request-target is one of the probes: its path exactly, whatever query follows (a
 * monitor's cache-buster, `/healthz?t=123`); `/healthz/` is not one. Used where a request
 * arrives (server/app.ts) and where its access line is written (server/log.ts), with no
 * allocation for a target without a query.
 */
export function isHealthTarget(target: string): boolean {
  const query = target.indexOf("?");
  return probePaths.has(query < 0 ? target : target.slice(0, query));
}
