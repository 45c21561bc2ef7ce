/**
 * `npm run bench:load`: 200 concurrent visitors for 60 s on the production build and
 * PostgreSQL, mixing public pages (rendered, then kept), assets and API calls (GET /api/user with a token,
 * contact and subscription posts from random client addresses, an occasional login), three runs
 * in a row with the server's resident memory before and after each (after: once a full garbage
 * collection has run, through the inspector the server is started with). Then the kept home
 * page served by the product beside Debian's nginx serving the same bytes, in the same run.
 * Prints the figures and writes them to docs/benchmarks.md under "## Load". Exit code 0 unless
 * it cannot run; budgets: 0 errors, p99 < 200 ms, memory flat, nginx ratio ≥ 0.7.
 *
 *   --duration N     seconds per load run (default 60)
 *   --connections N  concurrent visitors (default 200)
 *   --runs N         load runs (default 3)
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import type autocannon from "autocannon";
import { type Figure, measure } from "../lib/autocannon.ts";
import { collectGarbage, inspectorUrl } from "../lib/inspector.ts";
import { sleep, startProduct } from "../lib/product.ts";
import { measuredLine, writeSection } from "../lib/report.ts";
import { ensureBuild, rawGet, residentMiB, root } from "../lib/server.ts";
import { login, randomIp, uniqueToken } from "../lib/users.ts";
import { startNginx } from "./nginx.ts";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "200" },
    runs: { type: "string", default: "3" },
  },
});
process.chdir(root);
const duration = Number(args.duration);
const connections = Number(args.connections);
const runs = Number(args.runs);
ensureBuild();

const pages = ["/", "/services", "/service/reformas/reformas-de-cocinas", "/gallery", "/contact"];
/** The scripts and styles the home page loads: what a first visit fetches after the HTML. */
let assets: string[] = [];
const browser = { "Accept-Encoding": "gzip, deflate, br", Accept: "text/html,*/*" };

function visitorMix(tokens: string[]): autocannon.Request[] {
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)] as T;
  return [
    {
      setupRequest: (req) => {
        const roll = Math.random();
        const json = { "Content-Type": "application/json", "X-Forwarded-For": randomIp() };
        if (roll < 0.45) return { ...req, method: "GET", path: pick(pages), headers: browser };
        if (roll < 0.7) return { ...req, method: "GET", path: pick(assets), headers: browser };
        if (roll < 0.88) {
          return {
            ...req,
            method: "GET",
            path: "/api/user",
            headers: { ...browser, Authorization: `Bearer ${pick(tokens)}` },
          };
        }
        if (roll < 0.94) {
          return {
            ...req,
            method: "POST",
            path: "/api/contacts",
            headers: json,
            body: JSON.stringify({
              name: "Visitante de carga",
              email: "visitante@example.com",
              subject: "Reforma de cocina",
              message: `Quiero un presupuesto para mi cocina. ${uniqueToken()}`,
            }),
          };
        }
        if (roll < 0.995) {
          return {
            ...req,
            method: "POST",
            path: "/api/subscriptions",
            headers: json,
            body: JSON.stringify({ email: `carga-${uniqueToken()}@example.com` }),
          };
        }
        return {
          ...req,
          method: "POST",
          path: "/api/login",
          headers: json,
          body: JSON.stringify({ email: "load@example.com", password: "tejado-azul-2026-bench" }),
        };
      },
    },
  ];
}

async function main() {
  // The server's own account of any 5xx: the API logs "[api] METHOD path" and the error.
  const serverErrors = new Map<string, number>();
  let inspector: string | undefined;
  const product = await startProduct({
    label: "load",
    port: 3421,
    quiet: true,
    // Only so that memory is read after a full garbage collection (bench/lib/inspector.ts).
    env: { NODE_OPTIONS: "--inspect=127.0.0.1:0" },
    onStderr: (text) => {
      inspector ??= inspectorUrl(text);
      for (const line of text.split("\n")) {
        if (!/^\[api\]|Error|error:/.test(line)) continue;
        const key = line.replace(/\d+/g, "N").slice(0, 160);
        serverErrors.set(key, (serverErrors.get(key) ?? 0) + 1);
      }
    },
  });
  const { server } = product;
  const lines: string[] = [];
  try {
    // The home page is rendered on request now (decision 244): its assets as it names them, and
    // its gzip answer written beside its HTML for nginx to serve the same bytes.
    const homeGz = (await rawGet(`${server.base}/`, { "accept-encoding": "gzip" })).body;
    const homeHtml = gunzipSync(homeGz);
    const pageDir = mkdtempSync(path.join(os.tmpdir(), "obra-load-page-"));
    writeFileSync(path.join(pageDir, "index.html"), homeHtml);
    writeFileSync(path.join(pageDir, "index.html.gz"), homeGz);
    assets = [
      ...new Set(
        [...homeHtml.toString().matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1] as string),
      ),
    ].slice(0, 12);
    const tokens = [product.token];
    for (let i = 0; i < 4; i++) {
      tokens.push(
        await login(server.base, { email: "load@example.com", password: "tejado-azul-2026-bench" }),
      );
    }
    // Warm-up: the first requests compile code paths and fill the pool.
    await measure("warm-up", {
      url: server.base,
      connections: 20,
      duration: 3,
      requests: visitorMix(tokens),
    });

    const rows: string[] = [];
    const memory: number[][] = [];
    const figures: Figure[] = [];
    for (let run = 1; run <= runs; run++) {
      const before = residentMiB(server.pid);
      const f = await measure(`run ${run}`, {
        url: server.base,
        connections,
        duration,
        timeout: 10,
        requests: visitorMix(tokens),
      });
      // Memory as it stands once everything collectable is collected: what a run leaves.
      await sleep(2000);
      if (inspector) await collectGarbage(inspector);
      const after = residentMiB(server.pid);
      memory.push([before, after]);
      figures.push(f);
      const row = `| ${run} | ${f.requests} | ${f.rps} | ${f.errors + f.timeouts + f.non2xx} | ${f.p50} | ${f.p99} | ${before} | ${after} |`;
      console.log(row, JSON.stringify(f.statusCodes));
      rows.push(row);
    }

    // The same file, the same compression, the same client, one server after the other, twice.
    const nginx = await startNginx({ root: pageDir, port: 3422 });
    const pageSeconds = Math.min(duration, 10);
    const gzip = { "Accept-Encoding": "gzip" };
    const throughput: Record<string, number[]> = { product: [], nginx: [] };
    try {
      for (let round = 0; round < 2; round++) {
        for (const [name, base] of [
          ["product", server.base],
          ["nginx", nginx.base],
        ] as const) {
          const f = await measure(name, {
            url: `${base}/`,
            connections: 50,
            duration: pageSeconds,
            headers: gzip,
          });
          if (f.errors + f.non2xx > 0)
            console.log(`${name}: ${f.errors} errors, ${f.non2xx} non-2xx`);
          throughput[name]?.push(f.rps);
        }
      }
    } finally {
      await nginx.stop();
    }
    const best = (list: number[] = []) => Math.max(...list);
    const ratio = best(throughput.product) / best(throughput.nginx);

    const errors = figures.reduce((s, f) => s + f.errors + f.timeouts + f.non2xx, 0);
    const worstP99 = Math.max(...figures.map((f) => f.p99));
    const firstAfter = memory[0]?.[1] ?? 0;
    const lastAfter = memory.at(-1)?.[1] ?? 0;
    const growth = lastAfter - firstAfter;
    lines.push(
      measuredLine(
        "npm run bench:load",
        `${runs} runs of ${duration} s, ${connections} connections; mix: 45 % public pages (${pages.join(", ")}), 25 % assets, 18 % GET /api/user, 6 % POST /api/contacts, 5.5 % POST /api/subscriptions, 0.5 % POST /api/login; PostgreSQL`,
      ),
      "",
      "| run | requests | req/s | errors + non-2xx | p50 ms | p99 ms | RSS before MiB | RSS after (full GC) MiB |",
      "|---|---|---|---|---|---|---|---|",
      ...rows,
      "",
      `Kept \`/\` with \`Accept-Encoding: gzip\`, 50 connections, ${pageSeconds} s, best of 2 rounds each: product ${best(throughput.product)} req/s, nginx ${best(throughput.nginx)} req/s (one worker, gzip_static: the same .gz file) → ratio **${ratio.toFixed(2)}** (rounds: product ${throughput.product?.join(", ")}; nginx ${throughput.nginx?.join(", ")}).`,
      "",
      `- errors: ${errors} (budget 0): ${errors === 0 ? "met" : "MISSED"}`,
      `- worst p99: ${worstP99} ms (budget < 200 ms): ${worstP99 < 200 ? "met" : "MISSED"}`,
      `- resident memory after run 1 → after run ${runs}: ${firstAfter} → ${lastAfter} MiB (${growth >= 0 ? "+" : ""}${growth.toFixed(1)}; budget flat, within 10 %): ${Math.abs(growth) <= firstAfter * 0.1 ? "met" : "MISSED"}`,
      `- product / nginx on the kept page: ${ratio.toFixed(2)} (budget ≥ 0.7): ${ratio >= 0.7 ? "met" : "MISSED"}`,
    );
    if (serverErrors.size) {
      lines.push(
        "",
        "Server log lines about errors (digits as N):",
        "",
        ...[...serverErrors].slice(0, 8).map(([line, n]) => `    ${n} × ${line}`),
      );
    }
  } finally {
    await product.close();
  }
  const body = lines.join("\n");
  console.log(`\n${body}\n`);
  writeSection("## Load", body);
}

await main();
