/**
 * `npm run bench:backup` (decision 087): `npm run db:backup` of the embedded database while the
 * production site runs and takes quote requests. The database is first filled with leads
 * carrying photos (incompressible bytes, as photos are) to about --size-mib on disk; then the
 * site starts and receives an open-loop stream of POST /api/contacts (--rate a second, each
 * from its own address, each its own message) for a few seconds before the backup, during it,
 * and after it. Prints and records: the answers' p50/p99/max before and during the backup, the
 * site's resident memory before and at its peak, /readyz's worst answer during it, the
 * backup's time, size and exit. The command run is the build's own (`node BUILD/server/
 * db-backup.js`), so BUILD_DIR=an older build measures the version before.
 * Writes docs/benchmarks.md under "## Backup of the embedded database" (or "… (<label>)"); never fails
 * on timing (exit code 0 unless it cannot run).
 *
 *   --size-mib N   photos to store before the start (default 200)
 *   --rate N       quote requests a second (default 10)
 *   --port N       the site's port (default 4547)
 *   --label TEXT   a section of its own, "… (TEXT)", to compare a build with another
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "../../server/db/client.ts";
import { contacts, leadPhotos } from "../../server/db/schema.ts";
import { measuredLine, writeSection } from "../lib/report.ts";
import { ensureBuild, residentMiB, root, startServer } from "../lib/server.ts";
import { randomIp, uniqueToken } from "../lib/users.ts";

const { values: args } = parseArgs({
  options: {
    "size-mib": { type: "string", default: "200" },
    rate: { type: "string", default: "10" },
    port: { type: "string", default: "4547" },
    label: { type: "string" },
  },
});
process.chdir(root);
const buildDir = ensureBuild();
const sizeMiB = Number(args["size-mib"]);
const rate = Number(args.rate);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "obra-bench-backup-"));
const backupFile = path.join(dataDir, "..", `${path.basename(dataDir)}.backup`);
const env = {
  DATA_DIR: dataDir,
  BUILD_DIR: buildDir,
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
  MIGRATIONS_DIR: path.resolve(buildDir, "server/migrations"),
};

/** Leads of one 1 MiB photo each (its thumbnail 64 KiB), written in batches of 10. */
async function fill() {
  const started = performance.now();
  const database = await openDatabase({ DATA_DIR: dataDir });
  try {
    for (let lead = 0; lead < sizeMiB; lead += 10) {
      await database.db.transaction(async (tx) => {
        for (let i = lead; i < Math.min(lead + 10, sizeMiB); i++) {
          const [row] = await tx
            .insert(contacts)
            .values({
              name: `Cliente ${i}`,
              email: `cliente${i}@example.com`,
              subject: "Reforma con fotos",
              message: `Solicitud de prueba ${i}`,
            })
            .returning({ id: contacts.id });
          await tx.insert(leadPhotos).values({
            contact_id: row?.id ?? 0,
            position: 1,
            name: `foto-${i}.jpg`,
            content_type: "image/jpeg",
            width: 2560,
            height: 1920,
            bytes: randomBytes(1024 * 1024),
            thumbnail: randomBytes(64 * 1024),
            original_sha256: randomBytes(32),
          });
        }
      });
    }
  } finally {
    await database.close();
  }
  console.log(`filled ${sizeMiB} leads with photos in ${seconds(performance.now() - started)}`);
}

function folderMiB(folder: string): number {
  let bytes = 0;
  for (const entry of readdirSync(folder, { recursive: true }) as string[]) {
    const stat = statSync(path.join(folder, entry));
    if (stat.isFile()) bytes += stat.size;
  }
  return bytes / 1024 / 1024;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

interface Answer {
  at: number;
  ms: number;
  status: number;
}

await fill();
const databaseMiB = folderMiB(path.join(dataDir, "pglite"));
const site = await startServer({ port: Number(args.port), env, quiet: true });
const base = site.base;

const answers: Answer[] = [];
let sending = true;
/** Open loop: one request every 1/rate s whatever the answers take, as visitors arrive. */
async function quotes() {
  const pending: Promise<void>[] = [];
  const every = 1000 / rate;
  for (let next = performance.now(); sending; next += every) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const at = performance.now();
    pending.push(
      fetch(`${base}/api/contacts`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": randomIp() },
        body: JSON.stringify({
          name: "Visitante",
          email: `v${uniqueToken()}@example.com`,
          phone: "",
          subject: "Presupuesto",
          message: `Quiero reformar el baño (${uniqueToken()}).`,
        }),
      }).then(
        async (response) => {
          await response.arrayBuffer();
          answers.push({ at, ms: performance.now() - at, status: response.status });
        },
        () => {
          answers.push({ at, ms: performance.now() - at, status: 0 });
        },
      ),
    );
  }
  await Promise.all(pending);
}

let peakMiB = residentMiB(site.pid);
let worstReady = { ms: 0, status: 200 };
let watching = true;
async function watch() {
  while (watching) {
    peakMiB = Math.max(peakMiB, residentMiB(site.pid));
    const at = performance.now();
    const status = await fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 0,
    );
    const ms = performance.now() - at;
    if (ms > worstReady.ms || (status !== 200 && worstReady.status === 200))
      worstReady = { ms, status };
    await new Promise((r) => setTimeout(r, 250));
  }
}

const load = quotes();
await new Promise((r) => setTimeout(r, 5000));
const idleMiB = residentMiB(site.pid);
const watcher = watch();
const backupStart = performance.now();
const backup = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
  execFile(
    process.execPath,
    [path.resolve(buildDir, "server/db-backup.js"), backupFile],
    { env: { ...process.env, ...env, NODE_ENV: "production" }, timeout: 600_000 },
    (error, stdout, stderr) =>
      resolve({ code: error ? ((error.code as number) ?? 1) : 0, stdout, stderr }),
  ),
);
const backupEnd = performance.now();
watching = false;
await watcher;
await new Promise((r) => setTimeout(r, 3000));
sending = false;
await load;
await site.stop();

const before = answers.filter((a) => a.at < backupStart);
const during = answers.filter((a) => a.at >= backupStart && a.at < backupEnd);
const failed = answers.filter((a) => a.status !== 201).length;
let backupMiB = Number.NaN;
try {
  backupMiB = statSync(backupFile).size / 1024 / 1024;
} catch {
  // No file: the backup failed (its error is reported below).
}
rmSync(dataDir, { recursive: true, force: true });
rmSync(backupFile, { force: true });

const row = (name: string, list: Answer[]) =>
  `| ${name} | ${list.length} | ${percentile(
    list.map((a) => a.ms),
    50,
  ).toFixed(0)} | ${percentile(
    list.map((a) => a.ms),
    99,
  ).toFixed(0)} | ${Math.max(...list.map((a) => a.ms)).toFixed(0)} |`;
const lines = [
  measuredLine(
    `BUILD_DIR=${buildDir} npm run bench:backup -- --size-mib ${sizeMiB} --rate ${rate}`,
    `embedded database of ${databaseMiB.toFixed(0)} MiB on disk (${sizeMiB} leads with a 1 MiB photo), ${rate} quote requests a second`,
  ),
  "",
  "| POST /api/contacts | answers | p50 ms | p99 ms | max ms |",
  "|---|---|---|---|---|",
  row("before the backup", before),
  row("during the backup", during),
  "",
  `- backup: ${backup.code === 0 ? "done" : `FAILED (exit ${backup.code}: ${backup.stderr.trim().split("\n").at(-1)})`} in ${seconds(backupEnd - backupStart)}, ${backupMiB.toFixed(0)} MiB`,
  `- site's resident memory: ${idleMiB.toFixed(0)} MiB before, ${peakMiB.toFixed(0)} MiB at most during the backup`,
  `- /readyz during the backup: slowest answer ${worstReady.ms.toFixed(0)} ms${worstReady.status === 200 ? "" : `, once ${worstReady.status || "no answer"}`}`,
  `- quote requests not answered 201: ${failed} of ${answers.length}`,
];
console.log(lines.join("\n"));
// One section for the latest run; a --label (a build compared with another) gets a section of its own.
writeSection(
  args.label
    ? `## Backup of the embedded database (${args.label})`
    : "## Backup of the embedded database",
  lines.join("\n"),
);
