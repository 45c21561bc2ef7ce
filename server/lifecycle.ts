import type { Server } from "node:http";
import net from "node:net";
import { serve } from "@hono/node-server";
import { log, safeError } from "./log.ts";
import { SecuredResponse } from "./response-headers.ts";

interface ServeOptions {
  /** Hono's fetch; its second argument is @hono/node-server's bindings (incoming, outgoing). */
  fetch: (request: Request, bindings?: object) => Response | Promise<Response>;
  port: number;
  hostname: string;
  /** Runs after the last in-flight request has finished (close the database here). */
  onDrained: () => Promise<void>;
  /** Longest wait for in-flight requests before giving up with exit code 1. */
  drainTimeoutMs?: number;
}

/**
 * Serves until SIGTERM or SIGINT, then stops accepting connections, lets every in-flight request
 * finish, runs `onDrained` and exits 0. A rolling deploy loses no request.
 */
export function serveUntilSignal(options: ServeOptions): Server {
  let stopping = false;
  // After the signal every answer asks its client to close the connection: a keep-alive
  // connection that is never idle (a busy client, a proxy) would otherwise hold the drain open
  // until its time limit and the exit code would be 1 (bench/faults/sigterm.ts). An answer
  // ready at once stays so, and @hono/node-server writes it without a promise (decision 065).
  const askToCloseWhenStopping = (response: Response) => {
    if (stopping) {
      try {
        response.headers.set("Connection", "close");
      } catch {
        // immutable headers (a fetched response): Node closes after the drain's time limit
      }
    }
    return response;
  };
  const fetch: ServeOptions["fetch"] = (request, bindings) => {
    const answer = options.fetch(request, bindings);
    return answer instanceof Promise
      ? answer.then(askToCloseWhenStopping)
      : askToCloseWhenStopping(answer);
  };
  const server = serve(
    {
      fetch,
      port: options.port,
      hostname: options.hostname,
      serverOptions: { ServerResponse: SecuredResponse },
    },
    (info) => log.info(`Listening on http://localhost:${info.port}`),
  ) as Server;

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: draining connections`);
    // Stop listening, but not through http's close(), which also drops at once every connection
    // with no request parsed yet: under load that includes connections whose request is
    // already on its way (bench/faults/sigterm.ts saw logins sent 50 ms earlier reset).
    net.Server.prototype.close.call(server, async () => {
      try {
        await options.onDrained();
        process.exit(0);
      } catch (error) {
        log.error({ err: safeError(error) }, "shutdown failed");
        process.exit(1);
      }
    });
    // A moment later, keep-alive sockets still idle (no request, so none coming) would
    // otherwise hold the close open until their keep-alive timeout; busy ones close after
    // their next answer (Connection: close).
    setTimeout(() => server.closeIdleConnections(), 500).unref();
    setTimeout(() => process.exit(1), options.drainTimeoutMs ?? 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return server;
}
