import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { avifGrid, blackPng, imageBombs, jpegFile } from "../../tests/support/image-bombs.ts";
import { inspectImage, jpegScans } from "./inspect-image.ts";

/** Decision 203: what an image costs to decode, from its headers alone. */
describe("inspectImage", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), "inspect-image-test-"));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  let serial = 0;
  async function fileOf(data: Buffer) {
    serial += 1;
    const file = path.join(folder, String(serial));
    await writeFile(file, data);
    return file;
  }
  const inspect = async (data: Buffer) => inspectImage(await fileOf(data));

  for (const bomb of imageBombs) {
    it(`refuses ${bomb.what} as too costly, without decoding it`, async () => {
      const file = await fileOf(await bomb.make());
      const started = performance.now();
      expect(await inspectImage(file)).toMatchObject({ refused: "tooCostly" });
      expect(performance.now() - started).toBeLessThan(500);
    });
  }

  it("lets the largest phone photos through: 48 MP JPEG, 48 MP HEIF, a 50 MP one", async () => {
    // An iPhone's 48 MP: 8064 × 6048, a JPEG of one scan, or a HEIF grid of 512 px tiles.
    expect(await inspect(jpegFile({ width: 8064, height: 6048, colour: true }))).toEqual({
      format: "jpeg",
      width: 8064,
      height: 6048,
      decodedWhole: false,
    });
    const heif = await avifGrid({ width: 8064, height: 6048, tile: 512, depth: 8, alpha: false });
    expect(await inspect(heif)).toEqual({
      format: "heif",
      width: 8064,
      height: 6048,
      decodedWhole: true,
    });
    // The largest sensors (Samsung's 50 MP, 8160 × 6120), progressive: decoded whole, and fits.
    const progressive = jpegFile({ width: 8160, height: 6120, colour: true, scans: 10 });
    expect(await inspect(progressive)).toMatchObject({ format: "jpeg", decodedWhole: true });
  });

  it("refuses an image decoded whole over its budget: more bits or alpha at 50 MP", async () => {
    const tenBits = await avifGrid({
      width: 8160,
      height: 6120,
      tile: 510,
      depth: 10,
      alpha: false,
    });
    expect(await inspect(tenBits)).toEqual({ refused: "tooCostly", format: "heif" });
  });

  it("takes a large PNG that is not interlaced: decoded in strips, its pixels alone bound it", async () => {
    expect(await inspect(blackPng({ interlaced: false }))).toEqual({
      format: "png",
      width: 10_000,
      height: 10_000,
      decodedWhole: false,
    });
  });

  it("refuses more than 100 megapixels whatever the format, and what is no image", async () => {
    // A small PNG whose header (IHDR) claims 10001 × 10000.
    const tooLarge = Buffer.from(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    tooLarge.writeUInt32BE(10_001, 16);
    tooLarge.writeUInt32BE(10_000, 20);
    expect(await inspect(tooLarge)).toEqual({ refused: "tooManyPixels", format: "png" });
    expect(await inspect(Buffer.from("%PDF-1.7\n"))).toEqual({ refused: "notImage" });
    expect(await inspect(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({
      refused: "unreadable",
      format: "jpeg",
    });
  });
});

/** 64 × 48 of noise, as hard to encode as a photo. */
const noisyPhoto = () =>
  sharp(randomBytes(64 * 48 * 3), { raw: { width: 64, height: 48, channels: 3 } });

describe("jpegScans", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), "jpeg-scans-test-"));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));
  const scansOf = async (data: Buffer, stopAfter = 1000) => {
    const file = path.join(folder, "photo.jpg");
    await writeFile(file, data);
    return jpegScans(file, stopAfter);
  };

  it("counts what encoders write: 1 for a baseline photo, 10 for libjpeg's progression", async () => {
    const photo = noisyPhoto();
    expect(await scansOf(await photo.clone().jpeg().toBuffer())).toBe(1);
    expect(await scansOf(await photo.clone().jpeg({ progressive: true }).toBuffer())).toBe(10);
  });

  it("counts the image's own scans: not a thumbnail inside APP1, nor a gain map after its end", async () => {
    const main = await noisyPhoto().jpeg().toBuffer();
    const many = jpegFile({ width: 64, height: 64, scans: 50 });
    // APP1 right after SOI holding a whole JPEG, as EXIF keeps a thumbnail; another after EOI,
    // as phones append a gain map (Ultra HDR) or a depth image.
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1]), Buffer.alloc(2), many]);
    app1.writeUInt16BE(app1.length - 2, 2);
    const file = Buffer.concat([main.subarray(0, 2), app1, main.subarray(2), many]);
    expect(await scansOf(file)).toBe(1);
  });

  it("stops counting past the limit", async () => {
    expect(await scansOf(jpegFile({ width: 8000, height: 8000, scans: 2649 }), 100)).toBe(101);
  });
});
