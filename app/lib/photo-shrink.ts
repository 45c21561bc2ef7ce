/**
 * A phone photo made smaller in the browser before it is sent (decision 181): on a slow upload
 * (750 kbit/s) a 4 MB photo takes 45 s, and the server keeps at most 2560 px of it anyway
 * (decision 131). Drawn upright (its EXIF orientation applied, as the server does) on a canvas
 * of at most 2560 px on the long side, transparency on white, and written as a JPEG. The
 * server still checks and re-encodes what arrives. Only /contact loads this (vite.config.ts).
 */

/** The server's stored size (server/leads/photos.ts `fullSide`): nothing larger is kept. */
const longSide = 2560;
/** Above the server's own 82, so its re-encoding is what decides the stored quality. */
const quality = 0.85;

/** Whether this browser decodes images for a script: where it cannot, every file goes as chosen. */
export const canShrinkPhotos = () => typeof createImageBitmap === "function";

/**
 * The photo to send: the smaller JPEG, or the file as chosen when the browser cannot decode it
 * (HEIC outside Safari, a PDF) or the JPEG would not be smaller (a small or already compressed
 * image). Never throws: whatever goes wrong, the original is sent and the server judges it.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!canShrinkPhotos()) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, longSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const jpeg = await encode(bitmap, width, height);
    if (!jpeg || jpeg.size >= file.size) return file;
    return new File([jpeg], jpegName(file.name), {
      type: "image/jpeg",
      lastModified: file.lastModified,
    });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

/** The image drawn at its new size on white, as a JPEG; off the main thread's DOM where it can. */
async function encode(bitmap: ImageBitmap, width: number, height: number) {
  const canvas =
    typeof OffscreenCanvas === "function"
      ? new OffscreenCanvas(width, height)
      : Object.assign(document.createElement("canvas"), { width, height });
  const context = canvas.getContext("2d") as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) return undefined;
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  if (canvas instanceof HTMLCanvasElement) {
    return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
  }
  return canvas.convertToBlob({ type: "image/jpeg", quality });
}

/**
 * A small picture of a chosen photo for the form's list (issue 36), as a data: URL: the pages'
 * Content-Security-Policy allows data: images, not blob: (decision 131), which it blocked. The
 * browser decodes it at the small size only. Undefined when it cannot decode it (a HEIC outside
 * Safari, a PDF): the list then shows its blank square.
 */
export async function photoThumbnail(file: File, height = 160): Promise<string | undefined> {
  if (!canShrinkPhotos()) return undefined;
  try {
    const bitmap = await createImageBitmap(file, {
      imageOrientation: "from-image",
      resizeHeight: height,
      resizeQuality: "medium",
    });
    try {
      const canvas = Object.assign(document.createElement("canvas"), {
        width: bitmap.width,
        height: bitmap.height,
      });
      canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
      return canvas.toDataURL("image/jpeg", 0.8);
    } finally {
      bitmap.close();
    }
  } catch {
    return undefined;
  }
}

/** The visitor's name for the photo, with the extension of what it now is. */
const jpegName = (name: string) => `${name.replace(/\.[\p{L}\p{N}]{1,5}$/u, "") || "foto"}.jpg`;
