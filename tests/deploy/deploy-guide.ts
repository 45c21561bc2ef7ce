/**
 * docs/deploy.md's scale-out section as the deploy test reads it: the fenced blocks tagged
 * `deploy-instance` (an instance's environment) and `deploy-nginx` (the nginx site), with only
 * the machine-specific values (ports, certificate paths, database and Redis addresses) swapped.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const guidePath = path.resolve(import.meta.dirname, "../../docs/deploy.md");

function fencedBlock(markdown: string, tag: string): string {
  const match = new RegExp(`\`\`\`\\w+ ${tag}\\n([\\s\\S]*?)\\n\`\`\``).exec(markdown);
  if (!match?.[1]) throw new Error(`docs/deploy.md has no block tagged ${tag}`);
  return match[1];
}

/** KEY=value lines, quotes removed (as systemd's EnvironmentFile reads them). */
export function parseEnvBlock(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) env[match[1]] = (match[2] ?? "").replace(/^"(.*)"$/, "$1");
  }
  return env;
}

export interface GuideSetup {
  /** The instance ports the guide uses, in order (3001, 3002). */
  instancePorts: number[];
  instanceEnv: Record<string, string>;
  nginxSite: string;
}

export function readDeployGuide(): GuideSetup {
  const markdown = readFileSync(guidePath, "utf8");
  const instanceEnv = parseEnvBlock(fencedBlock(markdown, "deploy-instance"));
  const nginxSite = fencedBlock(markdown, "deploy-nginx");
  const instancePorts = [...nginxSite.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((m) =>
    Number(m[1]),
  );
  return { instanceEnv, nginxSite, instancePorts };
}

/** The guide's nginx site on this machine's ports and files. */
export function localNginxSite(
  site: string,
  swap: { ports: Map<number, number>; http: number; https: number; cert: string; key: string },
): string {
  let text = site
    .replace(/listen 80;/, `listen 127.0.0.1:${swap.http};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${swap.https} ssl http2;`)
    .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${swap.cert};`)
    .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${swap.key};`);
  for (const [from, to] of swap.ports)
    text = text.replaceAll(`127.0.0.1:${from}`, `127.0.0.1:${to}`);
  return text;
}
