import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { freePort } from "./ports.ts";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * tests/support/fixtures/api-server.ts (the production start-up without pages) in a process of
 * its own, started by `sh` with the given umask as an operator's shell would. Resolves once it
 * listens, or once it has exited (a refusal to start): `exited` then holds [code, signal].
 */
export async function startApiServer(options: {
  env: Record<string, string>;
  umask?: string;
  /** false: resolves at once, while the server still starts. */
  untilListening?: boolean;
}) {
  // A port the kernel has just found free, not a random one that another test or a socket's own
  // end (the ephemeral range starts at 32768) may hold (decision 195).
  const port = await freePort();
  const child = spawn(
    "sh",
    [
      "-c",
      `umask ${options.umask ?? "022"} && exec "$0" --import tsx tests/support/fixtures/api-server.ts`,
      process.execPath,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: "",
        REDIS_URL: "",
        SMTP_URL: "",
        HOST: "127.0.0.1",
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (options.untilListening !== false && !stdout.includes("Listening") && !gone) {
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    /** SIGTERM, then the exit code. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return (await exited)[0];
    },
  };
}

/**
 * The API server started where it must refuse to: whether it listened all the same (it is then
 * stopped, so a failing test leaves no server behind), its exit code and its standard error's
 * lines.
 */
export async function startRefused(env: Record<string, string>) {
  const server = await startApiServer({ env });
  const listened = server.stdout().includes("Listening");
  if (listened) await server.stop();
  const [code] = await server.exited;
  return { listened, code, errors: server.stderr().trim().split("\n") };
}
