import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import net from "node:net";
import { serve } from "@hono/node-server";
import { SecuredResponse } from "./fast-path/response-headers.ts";
import { flushLog, log } from "./log.ts";

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
/**
 * Where the server can be reached, as an operator needs to know it: on every interface (the
 * default HOST, reachable from other machines unless a firewall or nginx stands in front), or
 * on one address only. Ends with the port, which tests read.
 */
const listeningOn = ({ address, port }: { address: string; port: number }) =>
  address === "0.0.0.0" || address === "::"
    ? `every interface (${address}), http://localhost:${port}`
    : `${address} only, http://${address.includes(":") ? `[${address}]` : address}:${port}`;

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
    (info) => log.info(`Listening on ${listeningOn(info)}`),
  ) as Server;

  let drained = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: draining connections`);
    const limitMs = options.drainTimeoutMs ?? 15_000;
    setTimeout(() => {
      // What the exit cuts, said before it: idle connections were closed and answered ones
      // close after their answer, so each connection still open holds a request not yet
      // answered (or an answer still being written). None: the requests were all answered and
      // onDrained (the database, the mail outbox) is what ran out of time.
      server.getConnections((error, open) => {
        const cut = error ? undefined : open;
        log.fatal(
          { cut, drain_limit_ms: limitMs },
          drained
            ? `${signal}: every request was answered, but closing down took more than ${limitMs} ms; exiting with status 1`
            : `${signal}: not drained within ${limitMs} ms; exiting with status 1, cutting ${cut ?? "the"} request(s) still in progress`,
        );
        process.exit(1);
      });
    }, limitMs).unref();
    // Connections the kernel has already accepted wait in the listener's queue until the event
    // loop takes them, which a busy loop (a page render, an embedded database's query) delays,
    // and Node takes about one per turn: closing the listener resets every one still there
    // (issue 10 item 10: 17 of 20 requests). So it closes once a turn of the loop has taken
    // none and the kernel says none waits. Not through http's close(), which also drops at
    // once every connection with no request parsed yet.
    // Null when the signal comes before the server listens: nothing can be waiting then.
    const port = (server.address() as net.AddressInfo | null)?.port;
    const noneWaiting = () => port === undefined || (waitingConnections(port) ?? 0) === 0;
    afterQuietTurn(server, "connection", noneWaiting, () => {
      net.Server.prototype.close.call(server, async () => {
        drained = true;
        let status = 0;
        try {
          await options.onDrained();
        } catch (error) {
          log.error({ err: error }, "shutdown failed");
          status = 1;
        }
        // The last requests' access lines may still be on their way to stdout (decision 208).
        await flushLog();
        process.exit(status);
      });
      // Keep-alive connections with no request would hold the close open until their
      // keep-alive timeout; busy ones close after their answer (Connection: close). A moment's
      // grace lets an active client send its next request, which is answered; then the idle
      // ones are closed, in a turn that has read every request already written on them.
      setTimeout(
        () =>
          afterQuietTurn(
            server,
            "request",
            () => true,
            () => server.closeIdleConnections(),
          ),
        500,
      ).unref();
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return server;
}

/**
 * Runs `then` at the end of the first turn of the event loop in which `server` emitted no
 * `event`, that was quick (a long turn lets new ones arrive unseen) and after which `ready()`.
 * Under a load that never pauses, after five seconds anyway (a load balancer stops sending
 * before the signal; the drain's time limit is further).
 */
function afterQuietTurn(
  server: Server,
  event: "connection" | "request",
  ready: () => boolean,
  then: () => void,
) {
  const giveUpAt = Date.now() + 5000;
  let seen = 0;
  let turnStart = 0;
  const count = () => {
    seen++;
  };
  server.on(event, count);
  const check = () => {
    const now = Date.now();
    if ((seen === 0 && now - turnStart < 10 && ready()) || now > giveUpAt) {
      server.off(event, count);
      then();
      return;
    }
    seen = 0;
    turnStart = now;
    setImmediate(check);
  };
  setImmediate(check);
}

/**
 * How many connections the kernel holds for the listener on `port` that no process has taken
 * yet: the receive queue of a listening socket in /proc/net/tcp and tcp6. Undefined where that
 * is not known (not Linux).
 */
function waitingConnections(port: number): number | undefined {
  let waiting: number | undefined;
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let lines: string[];
    try {
      lines = readFileSync(table, "utf8").split("\n").slice(1);
    } catch {
      continue;
    }
    waiting ??= 0;
    for (const line of lines) {
      // sl local_address rem_address st tx_queue:rx_queue …, numbers in hexadecimal; 0A: LISTEN
      const [, local, , state, queues] = line.trim().split(/\s+/);
      if (state !== "0A" || Number.parseInt(local?.split(":")[1] ?? "", 16) !== port) continue;
      waiting += Number.parseInt(queues?.split(":")[1] ?? "0", 16);
    }
  }
  return waiting;
}
