/**
 * What an uploaded image would cost to decode, read from its headers before any pixel is
 * decoded (decision 203), for every upload of photos: the quote request's today. A small file
 * can claim a size whose decoding takes gigabytes (a decompression bomb) or keep a decoder busy
 * for a minute in a call nothing can interrupt (a progressive JPEG of thousands of scans); such a
 * file is refused here, in milliseconds, and never reaches libvips' decoders.
 */
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import sharp from "sharp";

export type ImageFormat = "jpeg" | "png" | "webp" | "heif";

export const decodeLimits = {
  /**
   * Pixels of any image: a 48 MP phone photo fits twice over. JPEG (of one scan), PNG (not
   * interlaced) and WebP are decoded in strips or shrunk while decoding, so memory stays small
   * whatever their size, and sharp's timeout can stop them.
   */
  maxPixels: 100_000_000,
  /**
   * Decoded bytes (width × height × channels × bytes per sample) of an image decoded whole:
   * HEIF/AVIF, an interlaced PNG, a JPEG of several scans (progressive). The 8-bit RGB of the
   * largest phone sensors (8160 × 6120, 50 MP) fits; 12 or 16 bits, or alpha, at that size do
   * not. libheif needs about three times this while it decodes, an interlaced PNG about once,
   * a progressive JPEG's coefficients once or twice.
   */
  maxWholeBytes: 150_000_000,
  /**
   * Scans of a JPEG: libjpeg reads every scan of a progressive file before the first row comes
   * out, each a pass over the whole image, in one call that sharp's timeout cannot stop.
   * Encoders write 1 (baseline) or 6-10 (libjpeg's and mozjpeg's progressions).
   */
  maxJpegScans: 100,
} as const;

/** The format the first bytes announce; undefined for anything that is not one of the four. */
export function sniffFormat(data: Buffer): ImageFormat | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "webp";
  }
  // ISO BMFF: a "ftyp" box first, whose major brand says HEIF (HEIC from phones, AVIF).
  if (data.subarray(4, 8).toString("latin1") === "ftyp") {
    const brand = data.subarray(8, 12).toString("latin1");
    if (/^(heic|heix|hevc|hevx|heim|heis|hevm|hevs|mif1|msf1|avif|avis)$/.test(brand)) {
      return "heif";
    }
  }
  return undefined;
}

/** An image that may be decoded, and how. */
export interface InspectedImage {
  format: ImageFormat;
  width: number;
  height: number;
  /** Decoded into one buffer rather than in strips: see `maxWholeBytes`. */
  decodedWhole: boolean;
}

/**
 * Why an image is not decoded: not one of the four formats, headers libvips cannot read (or of
 * another format than the first bytes said), too many pixels, or too costly to decode whole.
 */
export type Refusal = "notImage" | "unreadable" | "tooManyPixels" | "tooCostly";

/** Bytes of one sample in libvips' memory, by its band format (sharp's `depth`). */
const sampleBytes: Record<string, number> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/**
 * The file at `path` checked from its headers alone (sharp's metadata and, for a JPEG, its
 * markers): the image to decode, or why it is refused. Reads at most the file once; decodes
 * nothing. Decode what passes with `limitInputPixels: decodeLimits.maxPixels`.
 */
export async function inspectImage(
  path: string,
): Promise<InspectedImage | { refused: Refusal; format?: ImageFormat }> {
  const format = sniffFormat(await headOf(path));
  if (!format) return { refused: "notImage" };
  const header = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header) return { refused: "unreadable", format };
  const { width, height, channels, depth } = header;
  if (!width || !height || !channels || header.format !== format) {
    return { refused: "unreadable", format };
  }
  if (width * height > decodeLimits.maxPixels) return { refused: "tooManyPixels", format };
  let decodedWhole = format === "heif" || (format === "png" && header.isProgressive === true);
  if (format === "jpeg") {
    const scans = await jpegScans(path, decodeLimits.maxJpegScans);
    if (scans > decodeLimits.maxJpegScans) return { refused: "tooCostly", format };
    // Several scans (progressive, or sequential one component at a time): libjpeg keeps the
    // whole image's coefficients until the last one.
    decodedWhole = scans > 1;
  }
  const bytes = width * height * channels * (sampleBytes[depth ?? ""] ?? 8);
  if (decodedWhole && bytes > decodeLimits.maxWholeBytes) return { refused: "tooCostly", format };
  return { format, width, height, decodedWhole };
}

/** The first bytes of a file, enough for `sniffFormat`. */
async function headOf(path: string): Promise<Buffer> {
  const file = await open(path);
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(16), 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The scans (SOS markers) of a JPEG's image, counted up to `stopAfter + 1`, by walking its
 * markers: segments are skipped by their length, and entropy-coded data up to the next marker
 * that is neither a stuffed 0xFF nor a restart. Stops at the image's end (EOI): what follows
 * (a phone's gain map or depth image) is not this image, nor is a thumbnail inside APP1. A file
 * that breaks these rules ends the count; libvips judges it when it decodes.
 */
export async function jpegScans(path: string, stopAfter: number): Promise<number> {
  type State = "marker" | "code" | "length" | "length2" | "skip" | "entropy" | "entropyFF";
  let state: State = "marker";
  let scans = 0;
  let inScan = false;
  let length = 0;
  // After the SOI marker (checked by `sniffFormat`).
  for await (const chunk of createReadStream(path, { start: 2, highWaterMark: 64 * 1024 })) {
    const bytes = chunk as Buffer;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i] as number;
      switch (state) {
        case "marker":
          if (byte !== 0xff) return scans;
          state = "code";
          break;
        case "code":
          // 0xFF repeated is fill before a marker; a restart or TEM marker has no length.
          if (byte === 0xff) break;
          if (byte === 0xd9) return scans;
          if ((byte >= 0xd0 && byte <= 0xd7) || byte === 0x01) {
            state = inScan ? "entropy" : "marker";
            break;
          }
          inScan = byte === 0xda;
          if (inScan) {
            scans += 1;
            if (scans > stopAfter) return scans;
          }
          state = "length";
          break;
        case "length":
          length = byte << 8;
          state = "length2";
          break;
        case "length2":
          length = (length | byte) - 2;
          state = length > 0 ? "skip" : inScan ? "entropy" : "marker";
          break;
        case "skip": {
          const taken = Math.min(length, bytes.length - i);
          i += taken - 1;
          length -= taken;
          if (length === 0) state = inScan ? "entropy" : "marker";
          break;
        }
        case "entropy": {
          const at = bytes.indexOf(0xff, i);
          if (at < 0) i = bytes.length;
          else {
            i = at;
            state = "entropyFF";
          }
          break;
        }
        case "entropyFF":
          // A stuffed zero or a restart is data; fill waits for the code; anything else is a
          // marker, read again as one.
          if (byte === 0x00 || (byte >= 0xd0 && byte <= 0xd7)) state = "entropy";
          else if (byte !== 0xff) {
            state = "code";
            i -= 1;
          }
          break;
      }
    }
  }
  return scans;
}
