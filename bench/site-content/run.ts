/**
 * `npm run bench:site-content`: the public pages as the site content platform serves them
 * (decision 244), on the production build and PostgreSQL holding a published project with photos,
 * an opinion and a team member (bench/lib/published-content.ts). Prints, and writes its section
 * of docs/benchmarks.md:
 *
 * - a kept page beside Debian's nginx serving the same bytes (the product's own gzip answer
 *   written to a file with its .gz): `/` with `Accept-Encoding: gzip`, 50 connections, best of
 *   two rounds each. Budget: ratio ≥ 0.75.
 * - uncached renders: the content version bumped and announced as a publish does it, then two
 *   pages asked for (`Server-Timing: render` says each was rendered, not kept), round the public
 *   pages. The first reads the content as well; the second renders from what was read. Budget:
 *   the second's p99 < 50 ms as the client sees it; the first's is printed beside it.
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
import { ensureBuild, keptAndPolished, rawGet, root } from "../lib/server.ts";
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
    // Warm-up: every page rendered, kept and compressed harder, the code paths compiled.
    for (let round = 0; round < 3; round++) {
      for (const page of pages) await (await fetch(`${base}${page}`)).arrayBuffer();
    }
    await keptAndPolished(base, pages.at(-1) as string);
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
    // After a publish the first page an instance renders reads the content too (once per
    // version, decision 244); the next pages render from what it read. Both are measured.
    const first: number[] = [];
    const next: number[] = [];
    const byPage = new Map<string, number[]>();
    /** One page, asked until the kept copy is gone (the NOTIFY arrives a moment after COMMIT). */
    const render = async (page: string, into: number[]) => {
      for (let attempt = 0; attempt < 200; attempt++) {
        const started = performance.now();
        const res = await fetch(`${base}${page}`, { headers: { "accept-encoding": "br, gzip" } });
        await res.arrayBuffer();
        const took = performance.now() - started;
        const timing = res.headers.get("server-timing");
        if (timing) {
          into.push(took);
          const rendered = Number(/dur=([\d.]+)/.exec(timing)?.[1]);
          byPage.set(page, [...(byPage.get(page) ?? []), rendered]);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    try {
      for (let i = 0; i < renders; i++) {
        await client.query(`begin;
          update site_content_version set version = version + 1 where id = 1;
          select pg_notify('site_content', (select version::text from site_content_version));
          commit;`);
        await render(pages[i % pages.length] as string, first);
        await render(pages[(i + 1) % pages.length] as string, next);
      }
    } finally {
      await client.end();
    }
    first.sort((a, b) => a - b);
    next.sort((a, b) => a - b);
    // The slowest pages to render, by their median: where a missed budget is to be looked for.
    const median = (list: number[]) =>
      percentile(
        [...list].sort((a, b) => a - b),
        50,
      );
    const slowest = [...byPage].sort(([, a], [, b]) => median(b) - median(a)).slice(0, 5);
    console.log(
      `Slowest renders (server, median): ${slowest.map(([page, list]) => `${page} ${median(list).toFixed(1)} ms`).join(", ")}`,
    );
    const p = (list: number[], q: number) => percentile(list, q).toFixed(1);

    lines.push(
      `Kept \`/\` with gzip, 50 connections, ${seconds} s, best of 2 rounds: product ${best(throughput.product)} req/s, nginx ${best(throughput.nginx)} req/s (the same bytes, gzip_static) → ratio ${ratio.toFixed(2)} (budget ≥ 0.75: ${ratio >= 0.75 ? "met" : "MISSED"}); rounds: product ${throughput.product?.join(", ")}; nginx ${throughput.nginx?.join(", ")}.`,
      `Uncached render, content already read (a publish's NOTIFY, then two pages; ${next.length} renders over ${pages.length} pages, a published project's among them): client p50 ${p(next, 50)} ms, p99 ${p(next, 99)} ms, max ${p(next, 100)} ms (budget p99 < 50 ms: ${percentile(next, 99) < 50 ? "met" : "MISSED"}).`,
      `First render after a publish, the content read with it: client p50 ${p(first, 50)} ms, p99 ${p(first, 99)} ms, max ${p(first, 100)} ms (once per publish and instance).`,
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
