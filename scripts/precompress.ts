// Writes .br and .gz beside every compressible file of the client build (JS, CSS, pre-rendered
// HTML and .data, sitemap.xml, robots.txt, SVG), so the server's serveStatic({ precompressed })
// sends them without compressing on each request. Run by react-router.config.ts's buildEnd,
// after pre-rendering; also runnable alone: `node --import tsx scripts/precompress.ts build/client`.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|data|json|xml|txt|svg|webmanifest|map)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 512;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function compressFile(file: string): Promise<{ raw: number; br: number }> {
  const source = await readFile(file);
  if (source.length < MIN_BYTES) return { raw: source.length, br: source.length };
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is useless: the server then sends the original.
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < source.length) await writeFile(`${file}.gz`, gzipped);
  return { raw: source.length, br: Math.min(br.length, source.length) };
}

/** Compresses every eligible file under `dir`; returns totals for a log line. */
export async function precompress(
  dir: string,
): Promise<{ count: number; raw: number; br: number }> {
  if (!(await stat(dir).catch(() => null))) return { count: 0, raw: 0, br: 0 };
  const totals = { count: 0, raw: 0, br: 0 };
  const pending: string[] = [];
  for await (const file of files(dir)) pending.push(file);
  // A few at a time: the machines building this have two cores.
  for (let i = 0; i < pending.length; i += 8) {
    const results = await Promise.all(pending.slice(i, i + 8).map(compressFile));
    for (const result of results) {
      totals.count += 1;
      totals.raw += result.raw;
      totals.br += result.br;
    }
  }
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? path.join(process.env.BUILD_DIR ?? "build", "client");
  const totals = await precompress(dir);
  console.log(
    `precompress: ${totals.count} files, ${Math.round(totals.raw / 1024)} KB -> ${Math.round(totals.br / 1024)} KB brotli`,
  );
}
