import http from "node:http";
import net from "node:net";
import { describe, expect, it, vi } from "vitest";
import { databaseFreeAlreadyRan } from "../tests/support/database-free.ts";
import { startSlowServer } from "../tests/support/slow-server.ts";

/**
 * One GET on a connection of its own: the status and body, or the error code the client saw.
 * `onConnect` runs once the kernel has accepted the connection (the server's backlog holds it).
 */
function getOnce(port: number, path: string, onConnect?: () => void) {
  return new Promise<string>((resolve) => {
    const request = http
      .get({ host: "127.0.0.1", port, path, agent: false }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve(`${res.statusCode} ${body}`));
        res.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      })
      .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    if (onConnect) request.once("socket", (socket) => socket.once("connect", onConnect));
  });
}

/** Whether a new connection to `port` is refused (nothing listens there any more). */
function refused(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

describe.skipIf(databaseFreeAlreadyRan)("SIGTERM", () => {
  it("lets the in-flight request finish, refuses new ones, and exits 0", async () => {
    const { port, child, exited, output, printed } = await startSlowServer();

    let answered = false;
    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).finally(() => {
      answered = true;
    });
    // Signalled once the request is being served (guessed pauses of 300 and 200 ms raced the
    // request and the listener's close on a loaded machine, decision 195).
    await printed("slow: started");
    child.kill("SIGTERM");

    // New connections are refused while the in-flight request (1.5 s) is still going.
    await vi.waitFor(async () => expect(await refused(port)).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    expect(answered).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("terminado");
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output()).toContain("drained");
  });

  // Issue 10 item 10: 20 concurrent requests, a SIGTERM, and 17-18 of them reset. Connections
  // the kernel had accepted while the event loop was busy (rendering, an embedded database's
  // query) were dropped with the listener, or closed as idle before their request was read.
  it("answers all of 20 concurrent requests sent before the signal, on a busy event loop", async () => {
    const { port, child, exited } = await startSlowServer();

    const paths = Array.from({ length: 20 }, (_, i) => ["/busy", "/slow", "/"][i % 3] ?? "/");
    // Signalled once the kernel has accepted all 20 (most still unread behind /busy): after a
    // fixed 20 ms, on a loaded machine, some were not even connected and were refused.
    let connected = 0;
    let allConnected = () => {};
    const accepted = new Promise<void>((resolve) => {
      allConnected = resolve;
    });
    const answers = Promise.all(
      paths.map((path) =>
        getOnce(port, path, () => {
          if (++connected === paths.length) allConnected();
        }),
      ),
    );
    await accepted;
    child.kill("SIGTERM");

    const expected = { "/busy": "200 hecho", "/slow": "200 terminado", "/": "200 hola" };
    expect(await answers).toEqual(paths.map((path) => expected[path as keyof typeof expected]));
    expect((await exited)[0]).toBe(0);
  });

  it("says how many requests it cuts when the drain runs out of time, then exits 1", async () => {
    const { port, child, exited, output, printed } = await startSlowServer({
      DRAIN_TIMEOUT_MS: "1500",
    });
    // An idle keep-alive connection (closed by the drain, not cut) and two requests that
    // never get an answer.
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve) =>
      http.get({ host: "127.0.0.1", port, path: "/", agent }, (res) =>
        res.resume().on("end", resolve),
      ),
    );
    const hanging = [getOnce(port, "/hang"), getOnce(port, "/hang")];
    // Both are being served when the signal comes (not after a guessed 200 ms).
    await printed("hang: started", 2);
    child.kill("SIGTERM");

    expect((await exited)[0]).toBe(1);
    expect(await Promise.all(hanging)).toEqual(["ECONNRESET", "ECONNRESET"]);
    agent.destroy();
    const lines = output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line));
    expect(lines.at(-1)).toMatchObject({
      level: 60,
      cut: 2,
      drain_limit_ms: 1500,
      msg: "SIGTERM: not drained within 1500 ms; exiting with status 1, cutting 2 request(s) still in progress",
    });
  });
});
