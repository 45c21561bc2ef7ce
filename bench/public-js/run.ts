// The JavaScript each public page makes the browser load on a first visit, for a build: its
// production server is started (pages render on request since decision 244: a build holds no
// HTML), each page of content/sitemap.ts fetched, and the scripts its HTML loads (the imports of
// its <script type="module"> and its <link rel="modulepreload">s, held until the first paint on
// public pages: decision 287), each as served (its .br file, or the file itself when
// the build wrote none), summed per page. Other names in the HTML are not counted: the inline
// route manifest lists home's module on every page and names manifest-*.js, and the browser
// fetches neither there (decision 186 checked the set against what Chromium fetches).
// With --against, the same for a second build and the difference, plus the difference with
// hash names blinded: every chunk with each hash-named asset it names written `name-[hash].js`,
// compressed as the build compresses, so a change that only renames chunks shows 0; and the
// difference in raw bytes with the names blinded, which brotli's own swings do not reach.
// No browser; a fresh database in a temporary DATA_DIR; it prints and never fails on numbers.
//
//   npm run bench:public-js                            build/ (BUILD_DIR picks another)
//   npm run bench:public-js -- --against build-before  this build against another one
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants } from "node:zlib";
import { publicPaths } from "../../content/sitemap.ts";
import { ensureBuild, root, startServer } from "../lib/server.ts";

process.chdir(root);
// The pages' scripts do not depend on the engine: the embedded one needs nothing running.
delete process.env.DATABASE_URL;
const { values } = parseArgs({ options: { against: { type: "string" } } });

interface Chunk {
  name: string;
  served: number;
  blindBrotli: number;
  blindRaw: number;
}
type ChunkKey = "served" | "blindBrotli" | "blindRaw";

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Each public page's HTML as `buildDir`'s production server renders it on a fresh database. */
async function renderedPages(buildDir: string): Promise<Map<string, string>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "obra-public-js-"));
  const server = await startServer({
    port: await freePort(),
    env: { BUILD_DIR: buildDir, DATA_DIR: dataDir },
    quiet: true,
  });
  try {
    const pages = new Map<string, string>();
    for (const page of publicPaths) {
      const response = await fetch(`${server.base}${page}`);
      // A page this build does not have yet (an older build, with --against): a «new» row.
      if (response.status === 404) continue;
      if (!response.ok) throw new Error(`${page}: ${response.status}`);
      pages.set(page, await response.text());
    }
    return pages;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The scripts an HTML page loads at once: module script imports and sources, modulepreloads.
 * A public page holds its module script and preloads until its first paint (decision 287): the
 * held script and its `data-modulepreload` list count as the browser then loads them.
 */
function scriptsLoadedBy(html: string): Set<string> {
  const preloads = [
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g)].map(
      ([tag]) => /\bhref="([^"]+)"/.exec(tag)?.[1],
    ),
    ...[...html.matchAll(/\bdata-modulepreload="([^"]*)"/g)].flatMap(([, list = ""]) =>
      list.split(" "),
    ),
  ];
  const modules = [
    ...html.matchAll(
      /<script\b([^>]*\btype="(?:module|text\/x-module-after-paint)"[^>]*)>([\s\S]*?)<\/script>/g,
    ),
  ];
  const imported = modules.flatMap(([, attributes = "", body = ""]) => [
    /\bsrc="([^"]+)"/.exec(attributes)?.[1],
    // `import … from "x"`, `import "x"` and `import("x")`; not the manifest's "module": "x".
    ...[...body.matchAll(/\b(?:from|import)\s*\(?\s*"([^"]+)"/g)].map(([, name]) => name),
  ]);
  return new Set(
    [...preloads, ...imported].filter((name): name is string =>
      /^\/assets\/.+\.js$/.test(name ?? ""),
    ),
  );
}

/** Bytes as scripts/precompress.ts would serve `source`: brotli at its settings, if smaller. */
function brotliSize(source: Buffer): number {
  if (source.length < 512) return source.length; // precompress writes no .br below 512 B
  const compressed = brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
  return Math.min(compressed.length, source.length);
}

/** A build's pages (path → scripts) and its chunks (script → name and sizes). */
async function readBuild(buildDir: string) {
  const client = path.resolve(root, buildDir, "client");
  if (!existsSync(path.join(client, "assets"))) {
    console.error(`No build in ${buildDir}: build it first (BUILD_DIR=${buildDir} npm run build).`);
    process.exit(1);
  }
  // Vite names assets `name-HASH.ext`, HASH 8 characters; blind every one this build has.
  const hashes = new Set(
    readdirSync(path.join(client, "assets")).flatMap(
      (file) => /-([\w-]{8})\.\w+$/.exec(file)?.[1] ?? [],
    ),
  );
  const hashName = new RegExp(`-(?:${[...hashes].join("|")})(?=\\.)`, "g");
  const blind = (text: string) => text.replace(hashName, "-[hash]");

  const chunks = new Map<string, Chunk>();
  const chunk = (script: string): Chunk => {
    if (!chunks.has(script)) {
      const file = path.join(client, script);
      const source = readFileSync(file);
      const blinded = Buffer.from(blind(source.toString("utf8")));
      chunks.set(script, {
        name: blind(path.basename(script)),
        served: existsSync(`${file}.br`) ? readFileSync(`${file}.br`).length : source.length,
        blindBrotli: brotliSize(blinded),
        blindRaw: blinded.length,
      });
    }
    return chunks.get(script) as Chunk;
  };

  const pages = new Map<string, Chunk[]>();
  for (const [page, html] of await renderedPages(buildDir)) {
    pages.set(page, [...scriptsLoadedBy(html)].map(chunk));
  }
  // Chunks by hash-blind name, so the same chunk of two builds meets.
  return { pages, chunks: new Map([...chunks.values()].map((c) => [c.name, c])) };
}

/** The keys of one or two maps, in order. */
const keys = (...maps: Map<string, unknown>[]) =>
  [...new Set(maps.flatMap((map) => [...map.keys()]))].sort((a, b) => a.localeCompare(b));

const sum = (chunks: Chunk[], key: ChunkKey) => chunks.reduce((total, c) => total + c[key], 0);
const bytes = (n: number | undefined) => (n === undefined ? "–" : n.toLocaleString("en-US"));
const signed = (n: number) => (n > 0 ? `+${bytes(n)}` : n < 0 ? `-${bytes(-n)}` : "0");

const build = ensureBuild();
const now = await readBuild(build);

if (!values.against) {
  console.log(
    `Public JavaScript in ${build}: per public page as its server renders it, the scripts its HTML makes the browser load at once, as served (brotli).\n`,
  );
  console.log("| page | scripts | brotli (B) |\n|---|---:|---:|");
  for (const page of keys(now.pages)) {
    const chunks = now.pages.get(page) as Chunk[];
    console.log(`| ${page} | ${chunks.length} | ${bytes(sum(chunks, "served"))} |`);
  }
  const all = [...now.pages.values()];
  console.log("\n| chunk | brotli (B) | pages that load it |\n|---|---:|---:|");
  for (const name of keys(now.chunks)) {
    const chunk = now.chunks.get(name) as Chunk;
    const pages = all.filter((chunks) => chunks.includes(chunk)).length;
    console.log(`| ${name} | ${bytes(chunk.served)} | ${pages} |`);
  }
} else {
  const then = await readBuild(values.against);
  console.log(`Public JavaScript, ${values.against} (before) against ${build} (after).
- before, after, change: brotli bytes as served of the scripts the page's HTML loads at once.
- hash-blind change: the same, each chunk's hash names (its own and those it imports) written
  name-[hash].js and compressed as the build does: 0 when only chunk names changed. Brotli
  still moves by up to about 30 B either way on any real change, however small.
- raw change: uncompressed bytes with the names blinded: what the code changed, no noise.
`);
  const header =
    "| before (B) | after (B) | change | hash-blind change | raw change |\n|---|---:|---:|---:|---:|---:|";
  const row = (label: string, before: Chunk[] | undefined, after: Chunk[] | undefined) =>
    `| ${label} | ${bytes(before && sum(before, "served"))} | ${bytes(after && sum(after, "served"))} | ` +
    (before && after
      ? (["served", "blindBrotli", "blindRaw"] as const)
          .map((key) => signed(sum(after, key) - sum(before, key)))
          .join(" | ")
      : [before ? "gone" : "new", "", ""].join(" | ")) +
    " |";
  console.log(`| page ${header}`);
  for (const page of keys(then.pages, now.pages)) {
    console.log(row(page, then.pages.get(page), now.pages.get(page)));
  }
  console.log(`\n| chunk ${header}`);
  for (const name of keys(then.chunks, now.chunks)) {
    const [before, after] = [then.chunks.get(name), now.chunks.get(name)];
    console.log(row(name, before && [before], after && [after]));
  }
}
