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
  /** The site's canonical name, where every redirect leads (www.example.es). */
  canonicalHost: string;
  /** The bare domain redirected to it (example.es). */
  bareHost: string;
}

export function readDeployGuide(): GuideSetup {
  const markdown = readFileSync(guidePath, "utf8");
  const instanceEnv = parseEnvBlock(fencedBlock(markdown, "deploy-instance"));
  const nginxSite = fencedBlock(markdown, "deploy-nginx");
  const instancePorts = [...nginxSite.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((m) =>
    Number(m[1]),
  );
  const canonicalHost = /return 301 https:\/\/([^$/]+)\$request_uri/.exec(nginxSite)?.[1] ?? "";
  const names = [...nginxSite.matchAll(/server_name ([^;]+);/g)].flatMap((m) =>
    (m[1] ?? "").split(/\s+/),
  );
  const bareHost = names.find((name) => name !== "_" && name !== canonicalHost) ?? "";
  return { instanceEnv, nginxSite, instancePorts, canonicalHost, bareHost };
}

/**
 * The guide's nginx site on this machine's ports and files: its listen addresses, certificate,
 * access log folder and build folder (the page nginx shows while no instance answers).
 */
export function localNginxSite(
  site: string,
  swap: {
    ports: Map<number, number>;
    http: number;
    https: number;
    cert: string;
    key: string;
    logs: string;
    build: string;
  },
): string {
  let text = site
    .replace(/listen 80( default_server)?;/g, `listen 127.0.0.1:${swap.http}$1;`)
    .replace(
      /listen 443 ssl http2( default_server)?;/g,
      `listen 127.0.0.1:${swap.https} ssl http2$1;`,
    )
    .replace(/ssl_certificate\s+\S+;/g, `ssl_certificate ${swap.cert};`)
    .replace(/ssl_certificate_key\s+\S+;/g, `ssl_certificate_key ${swap.key};`)
    .replace(/access_log \/var\/log\/nginx\//g, `access_log ${swap.logs}/`)
    .replace(/root \/srv\/obra\/build\//g, `root ${swap.build}/`);
  for (const [from, to] of swap.ports)
    text = text.replaceAll(`127.0.0.1:${from}`, `127.0.0.1:${to}`);
  return text;
}
