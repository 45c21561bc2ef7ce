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
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
      />
    </picture>
  );
}

/**
 * Preload of a route's largest image, for its `links` export, so the browser fetches it before
 * it parses the <picture>: `export const links = () => [imagePreloadLink("hero", "100vw")]`.
 * Use the same `sizes` as the <Picture> it preloads, or the browser downloads two files.
 */
export function imagePreloadLink(id: ImageId, sizes = "100vw"): LinkDescriptor {
  return {
    rel: "preload",
    as: "image",
    type: "image/avif",
    imageSrcSet: imageSrcSet(id, "avif"),
    imageSizes: sizes,
  };
}
