import { preload } from "react-dom";
import type { SitePhotoView } from "../../content/site-photos";

/**
 * A photo staff uploaded (decision 248): AVIF, then WebP, then JPEG, each at every width it was
 * encoded to, with its intrinsic size so nothing shifts while it loads. A `priority` photo (the
 * first screen's largest, decision 287) is also preloaded from the document's head: inside a
 * <picture> React preloads nothing by itself, and the browser would ask for it only after the
 * head's fonts and scripts.
 */
export function SitePicture({
  photo,
  alt,
  sizes = "100vw",
  priority = false,
  className,
}: {
  photo: SitePhotoView;
  alt: string;
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  if (priority) {
    preload(photo.src, {
      as: "image",
      type: "image/avif",
      imageSrcSet: photo.srcSet.avif,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={photo.srcSet.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.srcSet.webp} sizes={sizes} />
      <img
        src={photo.src}
        srcSet={photo.srcSet.jpeg}
        sizes={sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
        className={className}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? undefined : "async"}
        fetchPriority={priority ? "high" : undefined}
      />
    </picture>
  );
}
