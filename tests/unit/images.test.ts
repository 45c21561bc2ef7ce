import { copyFile, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  allServiceImageIds,
  imageIds,
  imageSrcSet,
  images,
  shapeSize,
  shapeWidths,
} from "../../content/images.ts";
import { imagesSrcDir } from "../../scripts/images/paths.ts";
import { buildImages, findSource, variantFileNames } from "../../scripts/images/pipeline.ts";
import { databaseFreeAlreadyRan } from "../support/database-free.ts";

const temp = await mkdtemp(path.join(tmpdir(), "images-test-"));
afterAll(() => rm(temp, { recursive: true, force: true }));

describe("image catalogue", () => {
  it("has a source file, a descriptive Spanish alt and a fixed size for every id", () => {
    for (const id of imageIds) {
      const image = images[id];
      expect(findSource(imagesSrcDir, id), `source of ${id}`).toBeDefined();
      expect(image.alt.length, `alt of ${id}`).toBeGreaterThan(30);
      expect(image.alt).toMatch(/^Ilustración|^Foto/);
      expect({ width: image.width, height: image.height }).toEqual(shapeSize[image.shape]);
    }
  });

  it("gives each of the 14 services four images and keeps every alt text distinct", () => {
    expect(allServiceImageIds).toHaveLength(14 * 4);
    const alts = imageIds.map((id) => images[id].alt);
    expect(new Set(alts).size).toBe(alts.length);
  });

  it("lists every width of a format in the srcset", () => {
    expect(imageSrcSet("hero", "avif")).toBe(
      shapeWidths.wide.map((w) => `/images/generated/hero-${w}.avif ${w}w`).join(", "),
    );
  });
});

describe.skipIf(databaseFreeAlreadyRan)("image pipeline", () => {
  it("turns an illustration into AVIF and WebP at every width, then skips it while unchanged", async () => {
    const outDir = path.join(temp, "out");
    const manifestFile = path.join(temp, "manifest.json");
    const progress: string[] = [];
    const first = await buildImages({
      srcDir: imagesSrcDir,
      outDir,
      manifestFile,
      ids: ["team"],
      log: (line) => progress.push(line),
    });
    expect(first.built).toEqual(["team"]);
    expect(progress[0]).toBe("[images] 1 images: 1 to encode, 0 from the cache, 0 unchanged");
    expect(progress[1]).toMatch(/^\[images\] 1\/1 team ← team\.svg \(\d+\.\d s\)$/);
    expect((await readdir(outDir)).sort()).toEqual(variantFileNames("team").sort());
    const small = await sharp(path.join(outDir, "team-480.avif")).metadata();
    expect([small.format, small.width, small.height]).toEqual(["heif", 480, 360]);
    const large = await sharp(path.join(outDir, "team-1600.webp")).metadata();
    expect([large.format, large.width, large.height]).toEqual(["webp", 1600, 1200]);

    const second = await buildImages({ srcDir: imagesSrcDir, outDir, manifestFile, ids: ["team"] });
    expect(second).toMatchObject({ built: [], skipped: ["team"] });

    // Another output folder (an emptied one, a changed source changed back): from the cache.
    const elsewhere = path.join(temp, "out-2");
    const third = await buildImages({
      srcDir: imagesSrcDir,
      outDir: elsewhere,
      manifestFile: path.join(temp, "manifest-2.json"),
      cacheDir: path.join(temp, "images"),
      ids: ["team"],
    });
    expect(third).toMatchObject({ built: [], cached: ["team"], skipped: [] });
    expect((await readdir(elsewhere)).sort()).toEqual(variantFileNames("team").sort());
  }, 180_000);

  it("crops a company photo of another shape to the declared aspect, and prefers it to the SVG", async () => {
    const srcDir = path.join(temp, "photos");
    const outDir = path.join(temp, "photo-out");
    await mkdir(srcDir, { recursive: true });
    await copyFile(path.join(imagesSrcDir, "contact.svg"), path.join(srcDir, "contact.svg"));
    await sharp({ create: { width: 900, height: 900, channels: 3, background: "#b5523b" } })
      .jpeg()
      .toFile(path.join(srcDir, "contact.jpg"));
    expect(findSource(srcDir, "contact")).toBe(path.join(srcDir, "contact.jpg"));

    await buildImages({
      srcDir,
      outDir,
      manifestFile: path.join(temp, "m2.json"),
      ids: ["contact"],
    });
    const meta = await sharp(path.join(outDir, "contact-800.webp")).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    // The photo's terracotta, not the illustration's sand wall, fills the variant.
    const { dominant } = await sharp(path.join(outDir, "contact-800.webp")).stats();
    expect(dominant.r).toBeGreaterThan(dominant.b + 60);
  }, 180_000);

  it("refuses to build when an id has no source, naming the missing id", async () => {
    await expect(
      buildImages({
        srcDir: path.join(temp, "empty"),
        outDir: path.join(temp, "never"),
        manifestFile: path.join(temp, "m3.json"),
        ids: ["hero"],
      }),
    ).rejects.toThrow(/hero/);
  });
});
