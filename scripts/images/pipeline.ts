/**
 * The image pipeline: turns each source in content/images/src (an SVG illustration or the
 * company's own JPEG/PNG/WebP photo under the same id) into AVIF and WebP variants at the
 * widths of content/images.ts, cropped to the declared aspect so pages never shift.
 * Unchanged sources are skipped thanks to a small manifest of source hashes (in .cache/), and
 * every variant set is kept by content hash in .cache/images/<hash>/, so an image is encoded
 * once per machine checkout: a source changed and changed back, or an emptied output folder,
 * is copied from there instead of encoded again (encoding is most of a first build's time).
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import {
  type ImageFormat,
  type ImageId,
  imageFormats,
  imageIds,
  images,
  shapeWidths,
} from "../../content/images.ts";

/** Photos win over illustrations when both exist for an id. */
export const sourceExtensions = [".jpg", ".jpeg", ".png", ".webp", ".svg"] as const;

/** Encoder settings; changing them (or this version) invalidates the cache. */
const encoders = {
  avif: { quality: 50, effort: 1 },
  webp: { quality: 70, effort: 3 },
} as const satisfies Record<ImageFormat, object>;
const pipelineVersion = 1;

export interface PipelineOptions {
  srcDir: string;
  outDir: string;
  /** Restrict the run to some ids (tests); default every id of content/images.ts. */
  ids?: readonly ImageId[];
  /** Hashes of the sources last built; kept outside outDir so it is never published. */
  manifestFile: string;
  /** Variant sets by content hash (default: `images/` beside the manifest). */
  cacheDir?: string;
  /** Images encoded in parallel; libvips threads inside each one too. */
  concurrency?: number;
  log?: (message: string) => void;
}

export interface PipelineReport {
  /** Encoded now. */
  built: ImageId[];
  /** Copied from the content-hash cache. */
  cached: ImageId[];
  /** Already in place. */
  skipped: ImageId[];
  files: number;
  bytes: number;
  ms: number;
}

interface Manifest {
  version: number;
  hashes: Record<string, string>;
}

export function variantFileNames(id: ImageId): string[] {
  return shapeWidths[images[id].shape].flatMap((width) =>
    imageFormats.map((format) => `${id}-${width}.${format}`),
  );
}

/** The source file of an id, or undefined when the content folder has none. */
export function findSource(srcDir: string, id: ImageId): string | undefined {
  for (const extension of sourceExtensions) {
    const file = path.join(srcDir, `${id}${extension}`);
    if (existsSync(file)) return file;
  }
  return undefined;
}

async function readManifest(file: string): Promise<Manifest> {
  try {
    const manifest = JSON.parse(await readFile(file, "utf8"));
    if (manifest.version === pipelineVersion) return manifest as Manifest;
  } catch {
    // First run or unreadable manifest: rebuild everything.
  }
  return { version: pipelineVersion, hashes: {} };
}

function hashOf(source: Buffer, id: ImageId): string {
  return createHash("sha256")
    .update(JSON.stringify({ encoders, shape: images[id].shape }))
    .update(source)
    .digest("hex")
    .slice(0, 32);
}

async function encodeImage(sourceFile: string, source: Buffer, id: ImageId, outDir: string) {
  const { shape, width: fullWidth, height: fullHeight } = images[id];
  const isSvg = sourceFile.endsWith(".svg");
  // Rasterise (and crop a photo to the declared aspect) once; every variant resizes that master.
  const master = await sharp(source, isSvg ? { density: 72 } : {})
    .rotate()
    .resize(fullWidth, fullHeight, { fit: "cover", position: sharp.strategy.attention })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const metadata = isSvg ? undefined : await sharp(source).metadata();
  if (metadata?.width && metadata.width < fullWidth) {
    console.warn(
      `[images] ${id}: the photo is ${metadata.width}px wide; ${fullWidth}px or more looks sharper.`,
    );
  }
  const raw = { raw: master.info };
  for (const width of shapeWidths[shape]) {
    const height = Math.round((width * fullHeight) / fullWidth);
    const resized = sharp(master.data, raw).resize(width, height);
    for (const format of imageFormats) {
      const encoded =
        format === "avif"
          ? await resized.clone().avif(encoders.avif).toBuffer()
          : await resized.clone().webp(encoders.webp).toBuffer();
      await writeFile(path.join(outDir, `${id}-${width}.${format}`), encoded);
    }
  }
}

export async function buildImages(options: PipelineOptions): Promise<PipelineReport> {
  const started = performance.now();
  const { srcDir, outDir, manifestFile, ids = imageIds, concurrency = 2, log = () => {} } = options;
  const cacheDir = options.cacheDir ?? path.join(path.dirname(manifestFile), "images");
  await mkdir(outDir, { recursive: true });
  const manifest = await readManifest(manifestFile);

  const missing = ids.filter((id) => !findSource(srcDir, id));
  if (missing.length > 0) {
    throw new Error(
      `[images] No source in ${srcDir} for: ${missing.join(", ")}. Add <id>.svg, .jpg, .png or .webp.`,
    );
  }

  // Sort every id first (hashing is cheap), so progress can count what is left to do.
  const built: ImageId[] = [];
  const cached: ImageId[] = [];
  const skipped: ImageId[] = [];
  const work: { id: ImageId; sourceFile: string; source: Buffer; hash: string }[] = [];
  for (const id of ids) {
    const sourceFile = findSource(srcDir, id) as string;
    const source = await readFile(sourceFile);
    const hash = hashOf(source, id);
    const present = variantFileNames(id).every((name) => existsSync(path.join(outDir, name)));
    if (manifest.hashes[id] === hash && present) skipped.push(id);
    else work.push({ id, sourceFile, source, hash });
  }
  const inCache = (hash: string, id: ImageId) =>
    variantFileNames(id).every((name) => existsSync(path.join(cacheDir, hash, name)));
  const toEncode = work.filter(({ id, hash }) => !inCache(hash, id)).length;
  if (work.length > 0) {
    log(
      `[images] ${ids.length} images: ${toEncode} to encode, ${work.length - toEncode} from the cache, ${skipped.length} unchanged`,
    );
  }

  let done = 0;
  const queue = [...work];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const { id, sourceFile, source, hash } = item;
      const itemStarted = performance.now();
      const entry = path.join(cacheDir, hash);
      const fromCache = inCache(hash, id);
      if (!fromCache) {
        // Encoded beside the cache entry, then renamed: an interrupted run leaves no half set.
        const partial = `${entry}.partial-${process.pid}`;
        await rm(partial, { recursive: true, force: true });
        await mkdir(partial, { recursive: true });
        await encodeImage(sourceFile, source, id, partial);
        await rm(entry, { recursive: true, force: true });
        await rename(partial, entry);
      }
      for (const name of variantFileNames(id)) {
        await copyFile(path.join(entry, name), path.join(outDir, name));
      }
      manifest.hashes[id] = hash;
      (fromCache ? cached : built).push(id);
      done += 1;
      const seconds = ((performance.now() - itemStarted) / 1000).toFixed(1);
      log(
        `[images] ${done}/${work.length} ${id} ← ${path.basename(sourceFile)} (${fromCache ? "from the cache" : `${seconds} s`})`,
      );
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));

  // Drop variants of ids that left the catalogue, so stale files never ship.
  const expected = new Set(imageIds.flatMap(variantFileNames));
  if (ids === imageIds) {
    for (const name of await readdir(outDir)) {
      if (!expected.has(name)) await rm(path.join(outDir, name));
    }
    for (const id of Object.keys(manifest.hashes)) {
      if (!(id in images)) delete manifest.hashes[id];
    }
  }
  await mkdir(path.dirname(manifestFile), { recursive: true });
  await writeFile(manifestFile, JSON.stringify(manifest, null, 2));

  let files = 0;
  let bytes = 0;
  for (const id of ids) {
    for (const name of variantFileNames(id)) {
      const { size } = await stat(path.join(outDir, name));
      files += 1;
      bytes += size;
    }
  }
  return { built, cached, skipped, files, bytes, ms: Math.round(performance.now() - started) };
}
