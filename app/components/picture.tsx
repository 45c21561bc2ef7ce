import type { LinkDescriptor } from "react-router";
import { type ImageId, imageSrcSet, images, imageUrl } from "../../content/images";

interface PictureProps {
  id: ImageId;
  /** Rendered width per breakpoint, e.g. "(min-width: 1024px) 33vw, 100vw". */
  sizes?: string;
  /** The largest image above the fold: loaded eagerly with high fetch priority. */
  priority?: boolean;
  /** Classes for the <img> (the <picture> wrapper is display: contents). */
  className?: string;
  /** Override the alt text from content/images.ts, e.g. "" when a caption already says it all. */
  alt?: string;
}

/**
 * Responsive image from content/images.ts: AVIF first, WebP as fallback, with intrinsic
 * width/height so the browser reserves the box before the file arrives (no layout shift).
 */
export function Picture({ id, sizes = "100vw", priority = false, className, alt }: PictureProps) {
  const image = images[id];
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={imageSrcSet(id, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(id, "webp")} sizes={sizes} />
      <img
        src={imageUrl(id, 800, "webp")}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        className={className}
        loading={priority ? "eager" : "lazy"}
        // The priority image is the page's LCP: decoding it off the main thread could hold its
        // paint back to a later frame than the text around it.
        decoding={priority ? undefined : "async"}
        fetchPriority={priority ? "high" : undefined}
      />
    </picture>
  );
}

/**
 * Preload of a route's largest image, for its `links` export, so the browser fetches it before
 * it parses the <picture>: `export const links = () => [imagePreloadLink("hero", "100vw")]`.
 * Use the same `sizes` as the <Picture> it preloads, or the browser downloads two files.
 * High fetch priority, like the <img> itself: a plain image preload is low priority, and the
 * browser held it back until the page's scripts had arrived (docs/decisions/038).
 */
export function imagePreloadLink(id: ImageId, sizes = "100vw"): LinkDescriptor {
  // React renders fetchPriority on <link>; React Router's descriptor type does not list it yet.
  return {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: imageSrcSet(id, "avif"),
    imageSizes: sizes,
    fetchPriority: "high",
  } as LinkDescriptor;
}
