/**
 * Debian's nginx serving a build's client directory from a temporary prefix on a high port:
 * unprivileged, one worker (the product is one Node process), no logs, gzip as the product
 * does it (the precompressed .gz beside each file, on the fly otherwise).
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { writeNginxConf } from "../../tests/support/nginx-conf.ts";

export async function startNginx(options: { root: string; port: number }) {
  const prefix = mkdtempSync(path.join(os.tmpdir(), "obra-nginx-"));
  const conf = writeNginxConf(
    prefix,
    `  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${options.port};
    root ${options.root};
    gzip on;
    gzip_static on;
    gzip_types text/css application/javascript application/json image/svg+xml;
    location / { try_files $uri $uri/index.html =404; }
  }`,
  );
  const child = spawn("/usr/sbin/nginx", ["-c", conf, "-p", prefix], { stdio: "inherit" });
  const base = `http://127.0.0.1:${options.port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode})`);
    const up = await fetch(base).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGQUIT");
      }),
  };
}
