import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";

describe("SIGTERM", () => {
  it("lets the in-flight request finish, refuses new ones, and exits 0", async () => {
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
    expect(output).toContain("drained");
  });
});
