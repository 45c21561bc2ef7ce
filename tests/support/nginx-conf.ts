import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * An nginx.conf that Debian's nginx runs unprivileged from `prefix` (a temporary folder): one
 * worker, in the foreground, no access log, every temporary path inside the prefix. `http` is
 * what goes inside the http block (servers, upstreams). Returns the file's path.
 */
export function writeNginxConf(prefix: string, http: string): string {
  const temporaryDirs = ["body", "proxy", "fastcgi", "uwsgi", "scgi"];
  for (const dir of temporaryDirs) mkdirSync(path.join(prefix, dir), { recursive: true });
  const conf = path.join(prefix, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1;
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
