/**
 * `node --import tsx scripts/draw-illustrations.ts [id…]`: regenerates the house illustrations
 * into content/images/src/<id>.svg from the scene files in scripts/illustrations/scenes.
 * The SVG files are committed: they are the sources of the image pipeline, and the company
 * may replace any of them with a photo (docs/decisions/041-image-pipeline.md).
 * An id that already has a photo (jpg/png/webp) is left alone.
 */
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { type ImageId, images, isImageId } from "../content/images.ts";
import { resetClipIds } from "./illustrations/interior.ts";
import { landscapeCanvas, svg, wideCanvas } from "./illustrations/kit.ts";
import { scenes } from "./illustrations/scenes/index.ts";
import { imagesSrcDir } from "./images/paths.ts";

const requested = process.argv.slice(2);
const ids = (requested.length > 0 ? requested : Object.keys(scenes)).filter((id): id is ImageId => {
  if (!isImageId(id)) console.warn(`[draw] ${id} is not in content/images.ts`);
  return isImageId(id);
});

for (const id of ids) {
  const scene = scenes[id];
  if (!scene) {
    console.warn(`[draw] no scene for ${id}`);
    continue;
  }
  const photo = [".jpg", ".jpeg", ".png", ".webp"].some((ext) =>
    existsSync(path.join(imagesSrcDir, `${id}${ext}`)),
  );
  if (photo) continue;
  const canvas = images[id].shape === "wide" ? wideCanvas : landscapeCanvas;
  resetClipIds();
  await writeFile(path.join(imagesSrcDir, `${id}.svg`), svg(canvas, images[id].alt, scene()));
}
console.log(`[draw] ${ids.length} illustrations written to ${imagesSrcDir}`);
