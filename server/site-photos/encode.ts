/**
 * A photo staff upload, checked and encoded once (decision 248): recognised by its content and
 * refused when decoding it would cost too much (server/images/inspect-image.ts, decision 203),
 * then turned upright and encoded to every responsive variant the public pages use (AVIF, WebP
 * and JPEG at `sitePhotoWidths`), with no metadata: no EXIF, no GPS position, no camera serial.
 */
import { createHash } from "node:crypto";
import pLimit from "p-limit";
import sharp, { type Sharp } from "sharp";
import {
  type SitePhotoFormat,
  sitePhotoMessages,
  sitePhotoWidths,
} from "../../content/site-photos.ts";
import { decodeLimits, inspectImage } from "../images/inspect-image.ts";

/** One encoded file of a photo. */
export interface PhotoVariant {
  /** The first 128 bits of the SHA-256 of `bytes`, in hex: its public name. */
  hash: string;
  format: SitePhotoFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface EncodedPhoto {
  /** The photo's size: that of its largest variant. */
  width: number;
  height: number;
  variants: PhotoVariant[];
}

/** The encoders' settings: the build's for AVIF and WebP (scripts/images/pipeline.ts). */
const encoders = {
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 1 }),
  webp: (image: Sharp) => image.webp({ quality: 70, effort: 3 }),
  jpeg: (image: Sharp) => image.jpeg({ quality: 78, mozjpeg: true }),
} satisfies Record<SitePhotoFormat, (image: Sharp) => Sharp>;

/** A decode or an encode that takes longer is given up (where libvips can stop it). */
const timeoutSeconds = 60;

/**
 * Photos encoded at once by this process: encoding is the heavy part (CPU and memory), and a
 * staff upload is rare. Images decoded whole (HEIF, interlaced PNG, progressive JPEG) take the
 * one slot as any other: one photo at a time (decision 203's budget holds).
 */
const encoding = pLimit(1);

export const hashOf = (bytes: Buffer) =>
  createHash("sha256").update(bytes).digest("hex").slice(0, 32);

/** The file at `path` checked and encoded, or the Spanish reason it is refused, naming `name`. */
export async function encodeSitePhoto(
  path: string,
  name: string,
): Promise<EncodedPhoto | { error: string }> {
  const image = await inspectImage(path);
  if ("refused" in image) return { error: sitePhotoMessages[image.refused](name) };
  return encoding(async () => {
    try {
      return await encodeVariants(path);
    } catch {
      // Whatever libvips says of a broken file, staff hear it cannot be opened.
      return { error: sitePhotoMessages.unreadable(name) };
    }
  });
}

async function encodeVariants(path: string): Promise<EncodedPhoto> {
  // Decoded once, upright, at most the largest width: every variant is made from this.
  const largest = Math.max(...sitePhotoWidths);
  const { data, info } = await sharp(path, {
    limitInputPixels: decodeLimits.maxPixels,
    failOn: "truncated",
  })
    .autoOrient()
    .resize({ width: largest, height: largest, fit: "inside", withoutEnlargement: true })
    .flatten({ background: "#ffffff" })
    .toColourspace("srgb")
    .raw()
    .timeout({ seconds: timeoutSeconds })
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  // The widths under the photo's own, and the photo's own when it is narrower than the largest.
  const widths = [
    ...new Set([...sitePhotoWidths.filter((w) => w < info.width), Math.min(info.width, largest)]),
  ];
  const variants: PhotoVariant[] = [];
  for (const width of widths) {
    const height = Math.max(1, Math.round((info.height * width) / info.width));
    for (const format of Object.keys(encoders) as SitePhotoFormat[]) {
      // No withMetadata(): sharp writes none.
      const bytes = await encoders[format](sharp(data, raw).resize({ width, height }))
        .timeout({ seconds: timeoutSeconds })
        .toBuffer();
      variants.push({ hash: hashOf(bytes), format, width, height, bytes });
    }
  }
  return { width: info.width, height: info.height, variants };
}
