/**
 * `npm run bench:lead-photos -- --bombs` (issue 33, decision 203): the production build with the
 * deploy guide's allocator settings, sent the three files of tests/support/image-bombs.ts (a
 * 7000 × 7000 12-bit RGBA AVIF, a 10000 × 10000 16-bit interlaced PNG, a progressive JPEG of
 * 2,649 scans) with a quote request over a real socket. Measures, for each: the time until it is
 * refused, and the server's resident memory growth with one and with two sent at once; then how
 * long a real photo (2560 × 1920, as the /contact form sends a phone photo made smaller) takes
 * when sent alone, and when sent 1 s after two progressive JPEGs of many scans.
 * Budgets: each refused (422 naming it) within 1 s, growth under 150 MiB with two at once, the
 * real photo answered within 5 s. Never fails on timing (exit code 0 unless it cannot run).
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { imageBombs } from "../../tests/support/image-bombs.ts";
import { type BenchDatabase, createBenchDatabase } from "../lib/postgres.ts";
import { measuredLine, verdict, writeSection } from "../lib/report.ts";
import { ensureBuild, residentMiB, startServer } from "../lib/server.ts";
import { randomIp } from "../lib/users.ts";

interface Sent {
  name: string;
  data: Buffer;
  type: string;
}

/** The peak of `pid`'s resident memory since `resetPeak` (VmHWM), in MiB. */
function peakMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round((Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1]) / 1024) * 10) / 10;
}
/** Linux: "5" in clear_refs sets a process's VmHWM back to its current RSS. */
function resetPeak(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

/** A photo-like 2560 × 1920 JPEG: gradients and noise, as hard to decode as a photo. */
async function realPhoto(): Promise<Buffer> {
  const width = 2560;
  const height = 1920;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let i = 0; i < pixels.length; i += 3) {
    state = (state * 1103515245 + 12345) >>> 0;
    const noise = state >>> 26;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = ((x * 200) / width + noise) & 255;
    pixels[i + 1] = ((y * 200) / height + noise) & 255;
    pixels[i + 2] = ((x + y) / 20 + noise) & 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function runBombs(options: {
  database: "pglite" | "postgres";
  port: number;
  unitEnv: Record<string, string>;
}) {
  const buildDir = ensureBuild();
  console.log("Making the three files and a real photo...");
  const bombs: Sent[] = [];
  for (const bomb of imageBombs) {
    bombs.push({ name: bomb.name, type: bomb.type, data: await bomb.make() });
  }
  const photo: Sent = { name: "cocina.jpg", type: "image/jpeg", data: await realPhoto() };
  for (const file of [...bombs, photo]) {
    console.log(`${file.name}: ${(file.data.length / 1024).toFixed(1)} KB`);
  }

  let database: BenchDatabase | undefined;
  const env: Record<string, string> = {
    BUILD_DIR: buildDir,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "obra-lead-bombs-")),
    TRUST_PROXY: "true",
    DATABASE_URL: "",
    ...options.unitEnv,
  };
  if (options.database === "postgres") {
    database = await createBenchDatabase("lead_bombs");
    env.DATABASE_URL = database.url;
  }
  const server = await startServer({ port: options.port, env, quiet: true });
  let serial = 0;

  /** A quote request with `files`: its status, the photos' errors, and its seconds. */
  async function send(files: Sent[]) {
    serial += 1;
    const form = new FormData();
    const fields = {
      name: "Bench",
      phone: "600 000 000",
      subject: `Fotos ${serial} ${Date.now()}`,
      message: "Unas fotos.",
      form_fill_ms: "60000",
    };
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    for (const file of files) {
      form.append("photos", new File([new Uint8Array(file.data)], file.name, { type: file.type }));
    }
    const started = performance.now();
    const res = await fetch(`${server.base}/api/contacts`, {
      method: "POST",
      headers: { "X-Forwarded-For": randomIp() },
      body: form,
    });
    const body = (await res.json()) as { errors?: { photos?: string[] } };
    return {
      status: res.status,
      photoErrors: body.errors?.photos ?? [],
      seconds: (performance.now() - started) / 1000,
    };
  }

  /** What `work` grows the server's resident memory by at its peak, in MiB. */
  async function growth<T>(work: () => Promise<T>): Promise<{ result: T; growthMiB: number }> {
    const before = residentMiB(server.pid);
    resetPeak(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMiB(server.pid));
    }, 5);
    const result = await work();
    clearInterval(sampler);
    peak = Math.max(peak, peakMiB(server.pid));
    return { result, growthMiB: Math.round((peak - before) * 10) / 10 };
  }

  const lines: string[] = [];
  const rows: string[] = [];
  try {
    // As a running site has: a request without photos, and one with a photo (libvips started).
    for (const files of [[], [photo]]) {
      const warm = await send(files);
      if (warm.status !== 201) throw new Error(`a warm-up request answered ${warm.status}`);
    }
    for (const bomb of bombs) {
      const one = await growth(() => send([bomb]));
      const two = await growth(() => Promise.all([send([bomb]), send([bomb])]));
      const answers = [one.result, ...two.result];
      const named = answers.every(
        (a) => a.status === 422 && a.photoErrors.some((e) => e.includes(`«${bomb.name}»`)),
      );
      const slowest = Math.max(...answers.map((a) => a.seconds));
      console.log(
        `${bomb.name}: ${answers.map((a) => a.status).join(", ")} in ${answers.map((a) => a.seconds.toFixed(3)).join(", ")} s; growth ${one.growthMiB} MiB alone, ${two.growthMiB} MiB two at once; ${answers[0]?.photoErrors[0] ?? ""}`,
      );
      rows.push(
        `| ${bomb.name} (${(bomb.data.length / 1024).toFixed(0)} KB) | ${answers.map((a) => a.status).join(", ")} | ${slowest.toFixed(3)} s | ${one.growthMiB} MiB | ${two.growthMiB} MiB |`,
      );
      verdict(
        lines,
        `${bomb.name} refused with a 422 naming it, within 1 s`,
        named && slowest < 1,
        `slowest ${slowest.toFixed(3)} s`,
      );
      verdict(
        lines,
        `${bomb.name}: two at once grow the server by less than 150 MiB`,
        two.growthMiB < 150,
        `${two.growthMiB} MiB`,
      );
    }

    const alone = await send([photo]);
    const scanBomb = bombs.find((b) => b.name.endsWith(".jpg")) as Sent;
    const stalled = await growth(async () => {
      const bombsSent = [send([scanBomb]), send([scanBomb])];
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const meanwhile = await send([photo]);
      return { meanwhile, bombs: await Promise.all(bombsSent) };
    });
    const { meanwhile } = stalled.result;
    console.log(
      `real photo alone: ${alone.status} in ${alone.seconds.toFixed(3)} s; 1 s after two scan bombs: ${meanwhile.status} in ${meanwhile.seconds.toFixed(3)} s (bombs ${stalled.result.bombs.map((b) => `${b.status} in ${b.seconds.toFixed(3)} s`).join(", ")})`,
    );
    verdict(
      lines,
      "a real photo sent 1 s after two progressive JPEGs of 2,649 scans is answered within 5 s",
      meanwhile.status === 201 && meanwhile.seconds < 5,
      `${meanwhile.seconds.toFixed(3)} s (alone ${alone.seconds.toFixed(3)} s)`,
    );

    writeSection(
      `## Lead photo bombs (${options.database === "postgres" ? "PostgreSQL" : "embedded database"})`,
      [
        measuredLine(
          `npm run bench:lead-photos -- --bombs --database ${options.database}`,
          `production build, ${Object.entries(options.unitEnv)
            .map(([k, v]) => `${k}=${v}`)
            .join(
              " ",
            )} as docs/deploy.md's unit; each file alone, then two at once, over a loopback socket`,
        ),
        "",
        "| file | answers | slowest | growth alone | growth two at once |",
        "|---|---|---|---|---|",
        ...rows,
        "",
        `A real 2560 × 1920 photo (${(photo.data.length / 1024 / 1024).toFixed(1)} MB): ${alone.seconds.toFixed(3)} s alone, ${meanwhile.seconds.toFixed(3)} s when sent 1 s after two progressive JPEGs of 2,649 scans.`,
        "",
        ...lines,
        "",
        "Growth is the server's peak resident memory (VmRSS sampled every 5 ms, and VmHWM reset before each measurement) over its RSS before. Each file is refused from its headers (server/images/inspect-image.ts, decision 203) before it takes a decoding slot.",
      ].join("\n"),
    );
  } finally {
    await server.stop();
    await database?.drop();
  }
}
