/**
 * The photos and plans a visitor attaches to a quote request (issue 12; decision 131): each
 * file is recognised by its content, never by its name or declared type, and re-encoded, so
 * that what is stored is a plain JPEG the site made itself: turned upright, at most 2560 px,
 * with no metadata (no EXIF, no GPS position, no camera serial), and a 400 px thumbnail.
 * Files go from disk to disk (decision 151): libvips reads the file as sent and writes the
 * JPEGs beside it, so no image is held in this process's memory while the upload goes on.
 */
import pLimit from "p-limit";
import sharp from "sharp";
import { photoCostMessages, photoMessages, photoRules } from "../../content/quote-request.ts";
import { isNoSpace } from "../disk-space.ts";
import { nameFields } from "../http-errors.ts";
import { decodeLimits, inspectImage } from "../images/inspect-image.ts";
import type { FilePart } from "./multipart.ts";

// The 422 answers name the field as the form labels it (server/http-errors.ts).
nameFields({ photos: "Fotos" });

/** What is kept of one accepted file, until the lead is stored (`storeLead`). */
export interface LeadPhoto {
  /** The file's name, cleaned (`cleanFileName`). */
  name: string;
  contentType: "image/jpeg";
  width: number;
  height: number;
  /** The re-encoded JPEG's file, beside the file as sent. */
  path: string;
  /** Its thumbnail's file. */
  thumbnailPath: string;
  /** SHA-256 of the file as sent. */
  originalSha256: Buffer;
}

export const photoLimits = {
  maxFiles: photoRules.maxFiles,
  maxFileBytes: photoRules.maxFileBytes,
  /**
   * A decode that takes longer is given up (a file made to be slow to decode). libvips checks it
   * between strips: it cannot stop a decoder inside one call, which is why what an image costs is
   * checked before decoding it (server/images/inspect-image.ts, decision 203).
   */
  timeoutSeconds: 20,
  /** The long side of the stored image and of its thumbnail. */
  fullSide: 2560,
  thumbnailSide: 400,
} as const;

/**
 * The whole upload: five files at their largest and 1 MB for the form's text and the multipart
 * framing. A body announcing more is refused before it is read.
 */
export const maxUploadBytes = photoLimits.maxFiles * photoLimits.maxFileBytes + 1024 * 1024;

// libvips keeps recent operations and their pixels for reuse; every upload is new, so that
// would only hold memory (up to 50 MB) after each one.
sharp.cache(false);
// One libvips thread per image: the first upload's memory 3-5 MiB lower, no slower on five
// photos (decision 151); two uploads still decode side by side (`decoding` below).
sharp.concurrency(1);

/**
 * Images decoded at once by this process, whatever the number of uploads: decoding is the
 * heavy part (CPU and memory), and the uploads waiting their turn hold only a file on disk.
 */
const decoding = pLimit(2);
/**
 * Of those, images decoded whole (HEIF, interlaced PNG, progressive JPEG) one at a time: a
 * 48 MP phone HEIF takes some 450 MB while libheif decodes it, and two would take twice that
 * (decision 203). One waiting for its turn holds neither slot of `decoding`.
 */
const decodingWhole = pLimit(1);

/**
 * A file name as staff and messages show it: the last path segment, no control or bidirectional
 * formatting characters, spaces folded, at most 100 characters (the extension kept).
 */
export function cleanFileName(raw: string, position: number): string {
  const base = raw.normalize("NFC").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
  const chars = Array.from(cleaned);
  if (chars.length > 100) {
    const extension = /\.[\p{L}\p{N}]{1,5}$/u.exec(cleaned)?.[0] ?? "";
    const keep = 100 - Array.from(extension).length - 1;
    return `${chars.slice(0, keep).join("")}…${extension}`;
  }
  return cleaned || `foto-${position}`;
}

/** The name to save the stored JPEG under: the visitor's name with a .jpg extension. */
export function downloadName(name: string): string {
  const stem = name.replace(/\.[\p{L}\p{N}]{1,5}$/u, "") || "foto";
  return `${stem}.jpg`;
}

/**
 * One file checked and re-encoded: the photo to keep, the Spanish reason it is refused, or
 * `noSpace` when the temporary folder's disk has no room for the JPEGs (the visitor's file is
 * not at fault, and the request is stored without it: decision 174).
 */
export async function processPhoto(
  received: Pick<FilePart, "path" | "sha256">,
  name: string,
): Promise<{ photo: LeadPhoto } | { error: string } | { noSpace: true }> {
  // What the file would cost, from its headers: a bomb is refused without taking a slot.
  const image = await inspectImage(received.path);
  const unreadable =
    image.format === "heif" ? photoMessages.heicUnreadable(name) : photoMessages.unreadable(name);
  if ("refused" in image) {
    const refused = image.refused;
    if (refused === "unreadable") return { error: unreadable };
    if (refused === "tooCostly") return { error: photoCostMessages.tooCostly(name) };
    return { error: photoMessages[refused](name) };
  }
  const decode = () => decoding(() => reencode(received, name, unreadable));
  return image.decodedWhole ? decodingWhole(decode) : decode();
}

/** The stored JPEG and its thumbnail, made from a file `inspectImage` let through. */
async function reencode(
  received: Pick<FilePart, "path" | "sha256">,
  name: string,
  unreadable: string,
): Promise<{ photo: LeadPhoto } | { error: string } | { noSpace: true }> {
  const input = received.path;
  const path = `${input}.jpg`;
  const thumbnailPath = `${input}.thumbnail.jpg`;
  try {
    const full = await sharp(input, {
      limitInputPixels: decodeLimits.maxPixels,
      // A file cut short is refused; a camera's harmless warnings are not.
      failOn: "truncated",
      sequentialRead: true,
    })
      .autoOrient()
      .resize({
        width: photoLimits.fullSide,
        height: photoLimits.fullSide,
        fit: "inside",
        withoutEnlargement: true,
      })
      // A plan with a transparent background stays readable on white.
      .flatten({ background: "#ffffff" })
      // No withMetadata(): sharp writes none, and converts to sRGB from any embedded profile.
      // Huffman tables not optimised: optimising holds the whole image's coefficients (about
      // 26 MB more per photo, kept by the allocator) to save 3 % of the file.
      .jpeg({ quality: 82, optimiseCoding: false })
      .timeout({ seconds: photoLimits.timeoutSeconds })
      .toFile(path);
    await sharp(path)
      .resize({
        width: photoLimits.thumbnailSide,
        height: photoLimits.thumbnailSide,
        fit: "inside",
        withoutEnlargement: true,
      })
      .jpeg({ quality: 72 })
      .timeout({ seconds: photoLimits.timeoutSeconds })
      .toFile(thumbnailPath);
    return {
      photo: {
        name,
        contentType: "image/jpeg",
        width: full.width,
        height: full.height,
        path,
        thumbnailPath,
        originalSha256: received.sha256,
      },
    };
  } catch (error) {
    if (isNoSpace(error)) return { noSpace: true };
    // Whatever libvips says of a broken file, the visitor hears it cannot be opened.
    return { error: unreadable };
  }
}
