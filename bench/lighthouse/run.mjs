// Lighthouse (mobile preset) against the production build on PostgreSQL holding a published
// project with photos, an opinion and a team member: every public page and the project's page, median of 3
// runs: prints the four category scores, LCP, TBT, CLS and the page's compressed JavaScript,
// flags budget misses, and writes the table to docs/benchmarks.md under "## Lighthouse".
// It prints; it never fails on numbers (the timings depend on the machine).
//
//   npm run bench:lighthouse                       every public page, 3 runs each
//   npm run bench:lighthouse -- --pages /,/team    only these pages
//   npm run bench:lighthouse -- --runs 1 --no-write
//   npm run bench:lighthouse -- --pages / --json /tmp/lh   also keeps each run's report (LCP element, breakdowns)
//
// BUILD_DIR picks the build (default: build); it is built when missing or with --build.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { publicPaths } from "../../content/sitemap.ts";
import { launchOptions } from "../../playwright.config.ts";
import { startProduct } from "../lib/product.ts";
import { publishSampleContent } from "../lib/published-content.ts";
import { writeSection } from "../lib/report.ts";
import { keptAndPolished } from "../lib/server.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.chdir(root);

const BUDGET = { performance: 95, others: 100, homeJsKb: 120 };
// The browser tests' own flags: one list of what this machine's Chromium needs headless.
const CHROME_FLAGS = launchOptions.args;

function parseArgs(argv) {
  const options = { pages: null, runs: 3, write: true, build: false, json: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--pages") options.pages = argv[++i].split(",").map((p) => p.trim());
    else if (arg.startsWith("--pages=")) options.pages = arg.slice(8).split(",");
    else if (arg === "--runs") options.runs = Number(argv[++i]);
    else if (arg === "--no-write") options.write = false;
    else if (arg === "--build") options.build = true;
    else if (arg === "--json") options.json = argv[++i];
    else throw new Error(`Unknown option ${arg}`);
  }
  return options;
}

/**
 * CHROMIUM_PATH, or Debian's Chromium, or its headless shell (all some machines have, as the
 * browser tests use it): the same engine, and Lighthouse drives either through the DevTools
 * protocol.
 */
function chromePath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const found = ["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"].find((file) =>
    existsSync(file),
  );
  if (!found) throw new Error("No Chromium found: set CHROMIUM_PATH.");
  return found;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function scriptBytes(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return items
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

function summarize(pagePath, lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    page: pagePath,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    jsKb: scriptBytes(lhr) / 1024,
    failing: Object.values(lhr.categories)
      .filter((category) => category.id !== "performance")
      .flatMap((category) =>
        category.auditRefs
          .filter(
            (ref) =>
              ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1,
          )
          .map((ref) => ref.id),
      ),
  };
}

/**
 * The browser presented the first frame long after DOMContentLoaded (observed, unthrottled): on
 * this shared machine Chromium sometimes holds it until about 1.2 or 2.2 s while the page's main
 * thread is idle, and the simulation then counts everything loaded meanwhile. In 130 runs the
 * gap was under 0.25 s or over 0.75 s.
 */
function firstFrameHeld(lhr) {
  const metrics = lhr.audits.metrics?.details?.items?.[0];
  if (!metrics) return false;
  return metrics.observedFirstContentfulPaint - metrics.observedDomContentLoaded >= 500;
}

function budgetMisses(row) {
  const misses = [];
  if (row.performance < BUDGET.performance) misses.push(`performance < ${BUDGET.performance}`);
  for (const [key, label] of [
    ["accessibility", "accessibility"],
    ["bestPractices", "best practices"],
    ["seo", "SEO"],
  ]) {
    if (row[key] < BUDGET.others) misses.push(`${label} < ${BUDGET.others}`);
  }
  if (row.page === "/" && row.jsKb > BUDGET.homeJsKb) misses.push(`JS > ${BUDGET.homeJsKb} KB`);
  if (row.failing.length > 0) misses.push(`failing: ${row.failing.join(", ")}`);
  return misses;
}

function table(rows) {
  const header =
    "| Page | Perf | A11y | BP | SEO | LCP (ms) | TBT (ms) | CLS | JS (KB, compressed) | Budget |";
  const line = "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|";
  const body = rows.map((row) => {
    const misses = budgetMisses(row);
    return `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${row.jsKb.toFixed(1)} | ${misses.length ? `**miss**: ${misses.join("; ")}` : "ok"} |`;
  });
  return [header, line, ...body].join("\n");
}

const options = parseArgs(process.argv.slice(2));
const buildDir = process.env.BUILD_DIR ?? "build";
if (options.build || !existsSync(path.join(buildDir, "server/server.js"))) {
  console.log(`Building into ${buildDir}…`);
  execSync("npx react-router build", {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: buildDir },
  });
}

// The product on PostgreSQL with what a company publishes from the admin: pages with real photos,
// and the project page among them (issue 35).
const product = await startProduct({ label: "lighthouse", port: await freePort(), quiet: true });
const projectPath = await publishSampleContent(product.database.url).catch(async (error) => {
  await product.close();
  throw error;
});
const pages = options.pages ?? [...publicPaths, projectPath];
// Simulated throttling still scales with how busy the CPU is: keep the load next to the numbers.
const loadAtStart = os.loadavg()[0].toFixed(1);
const chrome = await chromeLauncher
  .launch({ chromePath: chromePath(), chromeFlags: CHROME_FLAGS })
  .catch(async (error) => {
    await product.close();
    throw error;
  });
const rows = [];
try {
  // One unrecorded run first: a fresh Chromium often held its first navigation's first frame
  // until about 2.3 s (7 of 17 first runs, against 1 in 7 later ones), and that fell on "/".
  await lighthouse(`${product.server.base}${pages[0]}`, {
    port: chrome.port,
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  for (const pagePath of pages) {
    const url = `${product.server.base}${pagePath}`;
    // The page as visitors get it once a publish has settled: kept and compressed as the build
    // does, rather than its first render with the compression running beside the browser.
    await keptAndPolished(product.server.base, pagePath);
    const runs = [];
    for (let i = 0; i < options.runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (result?.lhr.runtimeError)
        throw new Error(`${pagePath}: ${result.lhr.runtimeError.message}`);
      if (result) runs.push(result.lhr);
      if (result && options.json) {
        mkdirSync(options.json, { recursive: true });
        const name = pagePath.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
        writeFileSync(path.join(options.json, `${name}-${i + 1}.json`), JSON.stringify(result.lhr));
      }
    }
    const row = summarize(pagePath, computeMedianRun(runs));
    rows.push(row);
    const misses = budgetMisses(row);
    console.log(
      `${pagePath.padEnd(58)} perf ${row.performance} a11y ${row.accessibility} bp ${row.bestPractices} seo ${row.seo} LCP ${Math.round(row.lcp)} ms TBT ${Math.round(row.tbt)} ms CLS ${row.cls.toFixed(3)} JS ${row.jsKb.toFixed(1)} KB${misses.length ? `  << ${misses.join("; ")}` : ""}`,
    );
    // A run whose first frame Chromium presented late (decision 287) counts
    // every request made by then: say so, so that a miss is not read as the page's own.
    const held = runs.filter((lhr) => firstFrameHeld(lhr)).length;
    if (held > 0)
      console.log(`  ${held} of ${runs.length} run(s): first frame held by the browser`);
  }
} finally {
  await chrome.kill();
  await product.close();
}

const markdown = [
  `Lighthouse ${lighthouse.version ?? "13.5"}, mobile preset (simulated throttling), median of ${options.runs} run(s) per page, production build on PostgreSQL with a published project, opinion and team member (bench/lib/published-content.ts), ${os.cpus().length} CPU(s), load average ${loadAtStart} at the start. Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC with \`npm run bench:lighthouse\`.`,
  `Budgets: performance ≥ ${BUDGET.performance} on every page; accessibility, best practices and SEO = ${BUDGET.others}; ≤ ${BUDGET.homeJsKb} KB compressed JavaScript on the home page.`,
  "",
  table(rows),
].join("\n");
console.log(`\n${table(rows)}\n`);
const misses = rows.filter((row) => budgetMisses(row).length > 0).length;
console.log(misses ? `${misses} page(s) miss a budget.` : "Every page is within budget.");
if (options.write) {
  writeSection("## Lighthouse", markdown);
  console.log("Written to docs/benchmarks.md");
}
