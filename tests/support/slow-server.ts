import { spawn } from "node:child_process";
import { once } from "node:events";

/**
 * tests/support/fixtures/slow-server.ts in a process of its own, listening: the SIGTERM tests
 * signal it and watch how it drains. `exited` resolves with [code, signal]; `output()` is what
 * it has printed so far.
 */
export async function startSlowServer(env: Record<string, string> = {}) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
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
  while (!output.includes("Listening")) await new Promise((r) => setTimeout(r, 100));
  return { port, child, exited, output: () => output };
}
