import { spawn } from "node:child_process";
import { once } from "node:events";
import { freePort } from "./ports.ts";

/**
 * tests/support/fixtures/slow-server.ts in a process of its own, listening: the SIGTERM tests
 * signal it and watch how it drains. `exited` resolves with [code, signal]; `output()` is what
 * it has printed so far.
 */
export async function startSlowServer(env: Record<string, string> = {}) {
  // A port the kernel has just found free: a random one could be another test's, or a socket's
  // own end (the ephemeral range starts at 32768), and the server would then never listen.
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/support/fixtures/slow-server.ts"],
    {
      // "Listening …" is an info line; under Vitest the log shows warnings only.
      env: { ...process.env, PORT: String(port), LOG_LEVEL: "info", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  const exited = once(child, "exit");
  while (!output.includes("Listening")) {
    if (child.exitCode !== null) throw new Error(`slow server exited (${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  /** Until the server has printed `text` `times` times (a request reaching /slow or /hang). */
  const printed = async (text: string, times = 1) => {
    while (output.split(text).length - 1 < times) {
      if (child.exitCode !== null) throw new Error(`slow server exited (${child.exitCode})`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { port, child, exited, output: () => output, printed };
}
