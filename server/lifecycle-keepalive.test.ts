import { spawn } from "node:child_process";
import { once } from "node:events";
import http from "node:http";
import { describe, expect, it } from "vitest";

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
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/support/fixtures/slow-server.ts"],
      { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const exited = once(child, "exit");
    while (!output.includes("Listening")) await new Promise((r) => setTimeout(r, 100));

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
