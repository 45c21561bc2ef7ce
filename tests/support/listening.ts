import type http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";
import { apiBeside } from "../../server/app.ts";
import { SecuredResponse } from "../../server/fast-path/response-headers.ts";
import { createTestApp, type TestApp, type TestAppOptions } from "./app.ts";

/**
 * The test app's API served as production serves it (@hono/node-server on a TCP port), for
 * behaviour that depends on the socket: the client's address, proxy headers, the headers Node
 * writes. With `site`, the API beside that site as server/app.ts puts it (`apiBeside`).
 * `hostname` is what it listens on (HOST): "::" takes IPv4 clients too, as IPv4-mapped IPv6
 * addresses (`::ffff:127.0.0.1`); requests always go to 127.0.0.1.
 */
export async function listen(t: TestApp, site?: Hono, hostname = "127.0.0.1") {
  const server = serve({
    fetch: site ? apiBeside(t.app, site) : t.app.fetch,
    port: 0,
    hostname,
    serverOptions: { ServerResponse: SecuredResponse },
  }) as http.Server;
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;
  return {
    port,
    base,
    /** A JSON POST over the socket, with extra headers (X-Forwarded-For) as a client writes them. */
    post: (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fresh test app (`options`) served by `listen` (beside `site`); `close()` stops both. */
export async function createListeningTestApp(options: TestAppOptions = {}, site?: Hono) {
  const t = await createTestApp(options);
  const server = await listen(t, site);
  return {
    ...server,
    t,
    async close() {
      await server.close();
      await t.close();
    },
  };
}
