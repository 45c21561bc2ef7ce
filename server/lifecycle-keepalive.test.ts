import http from "node:http";
import { describe, expect, it } from "vitest";
import { startSlowServer } from "../tests/support/slow-server.ts";

/** GET over a keep-alive agent: the status, the Connection header and the body. */
function get(agent: http.Agent, port: number, path: string) {
  return new Promise<{ status?: number; connection?: string; body: string }>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (res) => {
        let body = "";
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode, connection: res.headers.connection, body }),
        );
      })
      .on("error", reject);
  });
}

// Found by bench/faults/sigterm.ts: a client that keeps its connection busy held the drain open
// until its time limit, and the process exited 1.
describe("SIGTERM with keep-alive clients", () => {
  it("answers the in-flight request with Connection: close, so the drain ends and exits 0", async () => {
    const { port, child, exited } = await startSlowServer();

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const before = await get(agent, port, "/slow");
    expect(before.connection).toBe("keep-alive");
    const inFlight = get(agent, port, "/slow");
    await new Promise((r) => setTimeout(r, 300));
    child.kill("SIGTERM");

    const answer = await inFlight;
    expect(answer).toMatchObject({ status: 200, connection: "close", body: "terminado" });
    const [code] = await exited;
    expect(code).toBe(0);
    agent.destroy();
  }, 20_000);
});
