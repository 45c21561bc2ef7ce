import { construccionScenes } from "./construccion.ts";
import { interiorismoScenes } from "./interiorismo.ts";
import { reformasScenes } from "./reformas.ts";
import { siteScenes } from "./site.ts";

/** Every illustration by image id; each returns the SVG elements of its scene. */
export const scenes: Record<string, () => string[]> = {
  ...siteScenes,
  ...reformasScenes,
  ...construccionScenes,
  ...interiorismoScenes,
};
