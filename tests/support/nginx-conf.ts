import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * An nginx.conf that Debian's nginx runs unprivileged from `prefix` (a temporary folder): one
 * worker, in the foreground, no access log, every temporary path inside the prefix. `http` is
 * what goes inside the http block (servers, upstreams). Returns the file's path.
 */
/**
 * Started by root (CI), nginx runs its workers as nobody, who cannot write the temporary paths
 * in a 0700 prefix: a request body past the memory buffer (a quote with photos) got 500.
 */
const workerUser = process.getuid?.() === 0 ? "user root;\n" : "";

export function writeNginxConf(prefix: string, http: string): string {
  const temporaryDirs = ["body", "proxy", "fastcgi", "uwsgi", "scgi"];
  for (const dir of temporaryDirs) mkdirSync(path.join(prefix, dir), { recursive: true });
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `${workerUser}worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  include /etc/nginx/mime.types;
${temporaryDirs.map((dir) => `  ${dir === "body" ? "client_body" : dir}_temp_path ${prefix}/${dir};`).join("\n")}
${http}
}
`,
  );
  return conf;
}
