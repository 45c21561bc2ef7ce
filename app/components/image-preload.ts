import type { MetaDescriptor } from "react-router";
import type { ImageId } from "../../content/images";
import { imagePreloadLink } from "./picture";

/**
 * The preload of a page's largest image as a `meta` descriptor, for routes whose image depends on
 * loader data (the `links` export receives none): React Router renders it as a <link> in <head>.
 */
export function imagePreloadMeta(id: ImageId, sizes: string): MetaDescriptor {
  return { tagName: "link", ...imagePreloadLink(id, sizes) } as MetaDescriptor;
}
