// The JavaScript each pre-rendered public page makes the browser load: the brotli size of every
// script its HTML names (module scripts and their preloads), summed per page, read from a build.
// With --against, the same for a second build and the difference: the check behind "public
// pages must not grow". No browser and no server; it prints and never fails on numbers.
//
//   npm run bench:public-js                            build/ (BUILD_DIR picks another)
//   npm run bench:public-js -- --against build-before  this build against another one
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({ options: { against: { type: "string" } } });

/** Page path → { bytes, scripts } for every index.html under the build's client folder. */
function measure(buildDir) {
  const client = path.resolve(root, buildDir, "client");
  if (!existsSync(client)) throw new Error(`No build in ${buildDir}: run npm run build first.`);
  const pages = new Map();
  const visit = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name === "index.html") {
        const html = readFileSync(file, "utf8");
        const scripts = new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? []);
        let bytes = 0;
        for (const script of scripts) {
          const compressed = path.join(client, `${script}.br`);
          bytes += statSync(existsSync(compressed) ? compressed : path.join(client, script)).size;
        }
        const page = `/${path.relative(client, dir)}`.replace(/\/$/, "") || "/";
        pages.set(page, { bytes, scripts: scripts.size });
      }
    }
  };
  visit(client);
  return new Map([...pages].sort(([a], [b]) => a.localeCompare(b)));
}

const build = process.env.BUILD_DIR ?? "build";
const now = measure(build);
const before = values.against ? measure(values.against) : undefined;
const rows = [...now].map(([page, { bytes, scripts }]) => {
  const then = before?.get(page);
  const change = then ? bytes - then.bytes : undefined;
  return before
    ? `| ${page} | ${then?.bytes ?? "–"} | ${bytes} | ${change === undefined ? "new" : change > 0 ? `+${change}` : change} |`
    : `| ${page} | ${scripts} | ${bytes} |`;
});
console.log(
  before
    ? `| page | ${values.against} (B) | ${build} (B) | change |\n|---|---:|---:|---:|`
    : `| page | scripts | brotli (B) |\n|---|---:|---:|`,
);
console.log(rows.join("\n"));
