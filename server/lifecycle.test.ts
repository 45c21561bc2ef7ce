import { describe, expect, it } from "vitest";
import { startSlowServer } from "../tests/support/slow-server.ts";

describe("SIGTERM", () => {
  it("lets the in-flight request finish, refuses new ones, and exits 0", async () => {
    const { port, child, exited, output } = await startSlowServer();

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
    await new Promise((r) => setTimeout(r, 300));
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 200));

    await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("terminado");
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output()).toContain("drained");
  });
});
