/**
 * Photos staff upload for the public pages (issue 35; decision 248): the variants each is
 * encoded to once, at upload, and what staff read when a file is refused. The widths are the
 * illustrations' (content/images.ts, `shapeWidths.landscape`), so a page's `sizes` fit both.
 */
import { shapeWidths } from "./images.ts";

/** Widths encoded for every photo (never wider than the photo itself). */
export const sitePhotoWidths: readonly number[] = shapeWidths.landscape;

/** AVIF first, WebP, then JPEG for the browsers that read neither. */
export const sitePhotoFormats = ["avif", "webp", "jpeg"] as const;
export type SitePhotoFormat = (typeof sitePhotoFormats)[number];

/** The public address folder of the variants: /media/{hash}.{ext}. */
export const sitePhotoPath = "/media";

export const sitePhotoExtension: Record<SitePhotoFormat, string> = {
  avif: "avif",
  webp: "webp",
  jpeg: "jpg",
};

export const sitePhotoRules = {
  /** Staff send the camera's file as it is: a phone's largest photos fit. */
  maxFileBytes: 30 * 1024 * 1024,
  maxFileMegabytes: 30,
} as const;

const named = (name: string) => `«${name}»`;

/** Why a staff upload is refused, naming the file (422, field «Foto»). */
export const sitePhotoMessages = {
  missing: "Elige una foto para subir.",
  tooLarge: (name: string) => `${named(name)} pesa más de ${sitePhotoRules.maxFileMegabytes} MB.`,
  notImage: (name: string) => `${named(name)} no es una imagen (JPG, PNG, WebP o HEIC).`,
  unreadable: (name: string) => `${named(name)} está dañada o incompleta y no se puede abrir.`,
  tooManyPixels: (name: string) =>
    `${named(name)} tiene demasiados megapíxeles; súbela con menos resolución.`,
  tooCostly: (name: string) =>
    `${named(name)} necesita demasiada memoria o tiempo para abrirla; guárdala como JPG normal o con menos resolución.`,
} as const;

/**
 * A site photo as a page draws it (`SitePicture`): its size, so nothing shifts, and a srcset
 * per format. Made on the server (server/site-photos/store.ts), handed over by the loader.
 */
export interface SitePhotoView {
  id: number;
  width: number;
  height: number;
  /** "url 480w, url 800w, …" for each format. */
  srcSet: Record<SitePhotoFormat, string>;
  /** The JPEG nearest 800 px wide: the <img>'s own src. */
  src: string;
}

export const sitePhotoUrl = (hash: string, format: SitePhotoFormat) =>
  `${sitePhotoPath}/${hash}.${sitePhotoExtension[format]}`;
