/**
 * `npm run bench:lead-photos` (issue 12's photos, decision 131): the production build, five
 * 12-megapixel photos of nearly 10 MB each (noise on gradients: as hard to decode as photos get)
 * sent with a quote request over a real socket, as the /contact form sends them. Measures how
 * long until the request is answered and stored (budget < 10 s) and how much the server's
 * resident memory grows meanwhile (budget: no more than the files' size), on a cold server
 * (the first upload it ever takes, after one quote request without photos) and again warm;
 * once with the allocator settings of docs/deploy.md's systemd unit (its `Environment=` lines,
 * read from the guide), once with glibc's defaults, as `npm start` runs. Checks that the lead
 * holds the five photos.
 * Prints the figures and writes them to docs/benchmarks.md under "## Lead photos (…)", one
 * section per database; never fails on timing (exit code 0 unless it cannot run).
 *
 *   --database pglite|postgres  the embedded database (default) or a fresh PostgreSQL one
 *   --rounds N                  uploads after the cold one (default 2)
 *   --port N                    the server's port (default 4303)
 *   --bombs                     instead: files made to cost far more to decode than they weigh
 *                               (issue 33), refused before decoding (bombs.ts)
 */
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { type BenchDatabase, createBenchDatabase } from "../lib/postgres.ts";
import { measuredLine, verdict, writeSection } from "../lib/report.ts";
import { ensureBuild, residentMiB, root, startServer } from "../lib/server.ts";
import { createUser, login, randomIp } from "../lib/users.ts";
import { runBombs } from "./bombs.ts";

const { values: args } = parseArgs({
  options: {
    database: { type: "string", default: "pglite" },
    rounds: { type: "string", default: "2" },
    port: { type: "string", default: "4303" },
    bombs: { type: "boolean", default: false },
  },
});
process.chdir(root);
/** The allocator settings of docs/deploy.md's systemd unit: its `Environment=KEY=value` lines. */
const unitEnv = Object.fromEntries(
  [...readFileSync("docs/deploy.md", "utf8").matchAll(/^Environment=(MALLOC_\w+)=(\S+)$/gm)].map(
    (m) => [m[1] as string, m[2] as string],
  ),
);
// The series say which allocator settings the server has: none is inherited from this shell.
for (const key of Object.keys(process.env)) if (key.startsWith("MALLOC_")) delete process.env[key];
const kind = args.database === "postgres" ? "postgres" : "pglite";
if (args.bombs) {
  await runBombs({ database: kind, port: Number(args.port), unitEnv });
  process.exit(0);
}
const rounds = Number(args.rounds);
const buildDir = ensureBuild();
const MiB = 1024 * 1024;
const maxFileBytes = 10 * MiB;

/** A 4032 × 3024 photo (a 12 MP phone's) of just under 10 MB: JPEG quality chosen to fit. */
async function heavyPhoto(seed: number): Promise<Buffer> {
  const width = 4032;
  const height = 3024;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      const noise = state >>> 25;
      const i = (y * width + x) * 3;
      pixels[i] = ((x * 200) / width + noise) & 255;
      pixels[i + 1] = ((y * 200) / height + noise) & 255;
      pixels[i + 2] = ((x + y) / 30 + noise) & 255;
    }
  }
  const raw = { raw: { width, height, channels: 3 as const } };
  let best: Buffer | undefined;
  for (let quality = 97; quality >= 85; quality--) {
    const jpeg = await sharp(pixels, raw).jpeg({ quality }).toBuffer();
    if (jpeg.length <= maxFileBytes - 64 * 1024) {
      best = jpeg;
      break;
    }
  }
  if (!best) throw new Error("no quality gives a photo under 10 MB");
  return best;
}

/** The peak resident memory of `pid` so far (VmHWM), in MiB. */
function peakMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round((Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1]) / 1024) * 10) / 10;
}

console.log("Making five photos of nearly 10 MB...");
const photos = await Promise.all([1, 2, 3, 4, 5].map(heavyPhoto));
const filesMiB = photos.reduce((sum, photo) => sum + photo.length, 0) / MiB;
console.log(`Photos: ${photos.map((p) => (p.length / MiB).toFixed(2)).join(", ")} MiB`);

const credentials = { email: "fotos@example.com", password: "tejado-azul-2026-bench" };

/** A quote request's text fields, as the /contact form sends them, shown a minute ago. */
const leadFields = (subject: string, message: string) => ({
  name: "Bench",
  phone: "600 000 000",
  subject,
  message,
  form_fill_ms: "60000",
});

interface Round {
  series: string;
  label: string;
  seconds: number;
  beforeMiB: number;
  peakMiB: number;
  afterMiB: number;
  growthMiB: number;
  stored: number;
}

/**
 * A fresh server and database: one cold upload (the first the process ever takes) and `rounds`
 * warm ones, the server's allocator set by `malloc` (none: glibc's defaults).
 */
async function series(malloc: Record<string, string>): Promise<Round[]> {
  const name =
    Object.entries(malloc)
      .map(([key, value]) => `${key}=${value}`)
      .join(" ") || "glibc's defaults";
  let database: BenchDatabase | undefined;
  const env: Record<string, string> = {
    BUILD_DIR: buildDir,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "obra-lead-photos-")),
    TRUST_PROXY: "true",
    DATABASE_URL: "",
    ...malloc,
  };
  if (kind === "postgres") {
    database = await createBenchDatabase("lead_photos");
    env.DATABASE_URL = database.url;
  }
  // Before the server starts: the CLI migrates and writes the database itself.
  createUser(env, credentials, "admin");
  const server = await startServer({ port: Number(args.port), env, quiet: true });
  const token = await login(server.base, credentials);
  // A quote request without photos first, as a running site has had: the route's own first-use
  // cost (compiling it, the database's first insert) is not the photos'.
  const plain = await fetch(`${server.base}/api/contacts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": randomIp() },
    body: JSON.stringify(leadFields(`Sin fotos ${Date.now()}`, "Una petición sin fotos.")),
  });
  if (plain.status !== 201)
    throw new Error(`a quote request without photos answered ${plain.status}`);

  async function upload(label: string): Promise<Round> {
    const subject = `Fotos de la obra ${label} ${Date.now()}`;
    const form = new FormData();
    for (const [field, value] of Object.entries(leadFields(subject, "Cinco fotos grandes."))) {
      form.append(field, value);
    }
    photos.forEach((photo, i) => {
      form.append(
        "photos",
        new File([new Uint8Array(photo)], `foto-${i + 1}.jpg`, { type: "image/jpeg" }),
      );
    });
    // The server's memory, sampled while it works; VmHWM catches a peak between two samples.
    const beforeMiB = residentMiB(server.pid);
    const hwmBefore = peakMiB(server.pid);
    let sampledPeak = beforeMiB;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, residentMiB(server.pid));
    }, 5);
    const started = performance.now();
    const res = await fetch(`${server.base}/api/contacts`, {
      method: "POST",
      headers: { "X-Forwarded-For": randomIp() },
      body: form,
    });
    const answer = (await res.json()) as { reference?: string; message?: string };
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const hwmAfter = peakMiB(server.pid);
    const peak = Math.max(sampledPeak, hwmAfter > hwmBefore ? hwmAfter : 0);
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${answer.message}`);
    // Stored: the lead lists five photos for staff.
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    const list = await fetch(
      `${server.base}/api/admin/contacts?q=${encodeURIComponent(answer.reference ?? "none")}`,
      auth,
    );
    const [lead] = ((await list.json()) as { data: { data: { id: number }[] } }).data.data;
    const detail = await fetch(`${server.base}/api/admin/contacts/detail/${lead?.id}`, auth);
    const stored = (((await detail.json()) as { photos?: unknown[] }).photos ?? []).length;
    const round = {
      series: name,
      label,
      seconds,
      beforeMiB,
      peakMiB: peak,
      afterMiB: residentMiB(server.pid),
      growthMiB: Math.round((peak - beforeMiB) * 10) / 10,
      stored,
    };
    console.log(
      `${name}, ${label}: ${seconds.toFixed(2)} s, RSS ${beforeMiB} → peak ${round.peakMiB} → ${round.afterMiB} MiB (growth ${round.growthMiB} MiB), ${stored} photos stored`,
    );
    return round;
  }

  const results: Round[] = [];
  try {
    results.push(await upload("cold"));
    for (let i = 1; i <= rounds; i++) results.push(await upload(`warm ${i}`));
  } finally {
    await server.stop();
    await database?.drop();
  }
  return results;
}

const production = await series(unitEnv);
const unset = await series({});
const results = [...production, ...unset];

const lines: string[] = [];
const slowest = Math.max(...results.map((r) => r.seconds));
verdict(
  lines,
  "five photos of nearly 10 MB answered and stored within 10 s",
  slowest < 10 && results.every((r) => r.stored === 5),
  `slowest ${slowest.toFixed(2)} s`,
);
const growth = (rows: Round[]) => Math.max(...rows.map((r) => r.growthMiB));
const warm = production.filter((r) => r.label !== "cold");
verdict(
  lines,
  `with the deploy guide's settings, each upload after the first grows resident memory by no more than the files' size (${filesMiB.toFixed(1)} MiB)`,
  growth(warm) <= filesMiB,
  `largest growth ${growth(warm)} MiB`,
);
verdict(
  lines,
  `with the deploy guide's settings, the first upload too`,
  growth(production) <= filesMiB,
  `growth ${production[0]?.growthMiB} MiB`,
);

writeSection(
  `## Lead photos (${kind === "postgres" ? "PostgreSQL" : "embedded database"})`,
  [
    measuredLine(
      `npm run bench:lead-photos -- --database ${kind}`,
      `production build, ${kind === "postgres" ? "a fresh PostgreSQL database" : "the embedded database"} per series, five 4032 × 3024 JPEGs of ${photos.map((p) => (p.length / MiB).toFixed(1)).join(", ")} MiB (${filesMiB.toFixed(1)} MiB) in one multipart request over a loopback socket`,
    ),
    "",
    "| server's allocator | upload | answered and stored | RSS before | peak | after | growth |",
    "|---|---|---|---|---|---|---|",
    ...results.map(
      (r) =>
        `| ${r.series} | ${r.label} | ${r.seconds.toFixed(2)} s | ${r.beforeMiB} MiB | ${r.peakMiB} MiB | ${r.afterMiB} MiB | ${r.growthMiB} MiB |`,
    ),
    "",
    ...lines,
    "",
    "The peak is the highest of the server's VmRSS sampled every 5 ms and its VmHWM, against its RSS after one quote request without photos. Each file is written to a folder of the request's own as it arrives, re-encoded by libvips from that file to files beside it (one photo at a time, one libvips thread), and each stored JPEG and its thumbnail read back only for its own insert in the lead's transaction; a minor garbage collection every 2 MB of body and after each insert frees the socket's 64 KB pieces and node-postgres' messages at once (server/leads/multipart.ts, photos.ts, store-lead.ts; decisions 131, 151). What the first upload still adds is mostly libvips' working memory for one 12 MP photo, kept by glibc for the next; with glibc's defaults (no `MALLOC_ARENA_MAX`) each of libvips' threads may keep its own, and on PGlite its WebAssembly memory never shrinks.",
  ].join("\n"),
);
