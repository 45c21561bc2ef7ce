/**
 * `npm run bench:site-content`: the public pages as the site content platform serves them
 * (decision 244), on the production build and PostgreSQL holding a published project with photos,
 * an opinion and a team member (bench/lib/published-content.ts). Prints, and writes its section
 * of docs/benchmarks.md:
 *
 * - a kept page beside Debian's nginx serving the same bytes (the product's own gzip answer
 *   written to a file with its .gz): `/` with `Accept-Encoding: gzip`, 50 connections, best of
 *   two rounds each. Budget: ratio ≥ 0.75.
 * - an uncached render: the content version bumped and announced as a publish does it, then one
 *   page asked for (its `Server-Timing: render` says it was rendered, not kept), round the public
 *   pages. Budget: p99 < 50 ms as the client sees it.
 *
 *   --seconds N   seconds per throughput round (default 10)
 *   --renders N   uncached renders measured (default 300)
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { publicPaths } from "../../content/sitemap.ts";
import { measure } from "../lib/autocannon.ts";
import { startProduct } from "../lib/product.ts";
import { publishSampleContent } from "../lib/published-content.ts";
import { measuredLine, writeSection } from "../lib/report.ts";
import { ensureBuild, rawGet, root } from "../lib/server.ts";
import { startNginx } from "../load/nginx.ts";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    renders: { type: "string", default: "300" },
  },
});
process.chdir(root);
ensureBuild();
const seconds = Number(args.seconds);
const renders = Number(args.renders);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main() {
  const product = await startProduct({ label: "sitecontent", port: 3431, quiet: true });
  const base = product.server.base;
  // Pages as a company using the admin has them: a project with photos, an opinion, a member.
  const pages = [...publicPaths, await publishSampleContent(product.database.url)];
  const lines: string[] = [];
  try {
    // Warm-up: every page rendered and kept, the code paths compiled.
    for (let round = 0; round < 3; round++) {
      for (const page of pages) await (await fetch(`${base}${page}`)).arrayBuffer();
    }
    await measure("warm-up", { url: `${base}/`, connections: 20, duration: 3 });

    // 1. A kept page beside nginx serving the same bytes.
    const answer = await rawGet(`${base}/`, { "accept-encoding": "gzip" });
    const gz = answer.body;
    if (answer.headers["content-encoding"] !== "gzip") throw new Error("/ was not gzipped");
    const dir = mkdtempSync(path.join(os.tmpdir(), "obra-site-content-"));
    writeFileSync(path.join(dir, "index.html"), gunzipSync(gz));
    writeFileSync(path.join(dir, "index.html.gz"), gz);
    const nginx = await startNginx({ root: dir, port: 3432 });
    const throughput: Record<string, number[]> = { product: [], nginx: [] };
    try {
      for (let round = 0; round < 2; round++) {
        for (const [name, url] of [
          ["product", base],
          ["nginx", nginx.base],
        ] as const) {
          const f = await measure(name, {
            url: `${url}/`,
            connections: 50,
            duration: seconds,
            headers: { "Accept-Encoding": "gzip" },
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

    // 2. Uncached renders: a publish's bump and NOTIFY, then the page.
    const client = new pg.Client({ connectionString: product.database.url });
    await client.connect();
    const seen: number[] = [];
    const server: number[] = [];
    try {
      for (let i = 0; i < renders; i++) {
        await client.query(`begin;
          update site_content_version set version = version + 1 where id = 1;
          select pg_notify('site_content', (select version::text from site_content_version));
          commit;`);
        const page = pages[i % pages.length] as string;
        for (let attempt = 0; attempt < 200; attempt++) {
          const started = performance.now();
          const res = await fetch(`${base}${page}`, { headers: { "accept-encoding": "br, gzip" } });
          await res.arrayBuffer();
          const took = performance.now() - started;
          const timing = res.headers.get("server-timing");
          if (timing) {
            seen.push(took);
            server.push(Number(/dur=([\d.]+)/.exec(timing)?.[1]));
            break;
          }
          // The announcement has not arrived yet: the kept page answered.
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      }
    } finally {
      await client.end();
    }
    seen.sort((a, b) => a - b);
    server.sort((a, b) => a - b);
    const p = (list: number[], q: number) => percentile(list, q).toFixed(1);

    lines.push(
      `Kept \`/\` with gzip, 50 connections, ${seconds} s, best of 2 rounds: product ${best(throughput.product)} req/s, nginx ${best(throughput.nginx)} req/s (the same bytes, gzip_static) → ratio ${ratio.toFixed(2)} (budget ≥ 0.75: ${ratio >= 0.75 ? "met" : "MISSED"}); rounds: product ${throughput.product?.join(", ")}; nginx ${throughput.nginx?.join(", ")}.`,
      `Uncached render (publish's NOTIFY, then one page; ${seen.length} renders over ${pages.length} pages, a published project's among them): client p50 ${p(seen, 50)} ms, p99 ${p(seen, 99)} ms, max ${p(seen, 100)} ms (budget p99 < 50 ms: ${percentile(seen, 99) < 50 ? "met" : "MISSED"}); server render p50 ${p(server, 50)} ms, p99 ${p(server, 99)} ms.`,
    );
  } finally {
    await product.close();
  }
  console.log(`\n${lines.join("\n\n")}\n`);
  writeSection(
    "## Site content",
    [
      measuredLine("npm run bench:site-content", `${seconds} s a round, ${renders} renders`),
      "",
      ...lines.map((line) => `- ${line}`),
    ].join("\n"),
  );
}

await main();
