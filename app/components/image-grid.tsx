import { Picture } from "~/components/picture";
import type { ImageId } from "../../content/images";

/**
 * A plain grid of images with their alt texts, e.g. a service's 'Galería' or the home mosaic.
 * `twoOnPhones`: two to a row on phones too, for a sample that leads to a fuller gallery (the
 * home mosaic: eight images a phone screen wide each were three screens; decision 182).
 */
export function ImageGrid({
  images,
  twoOnPhones = false,
}: {
  images: readonly ImageId[];
  twoOnPhones?: boolean;
}) {
  return (
    <ul
      className={`grid sm:grid-cols-2 sm:gap-4 lg:grid-cols-4 ${twoOnPhones ? "grid-cols-2 gap-3" : "gap-4"}`}
    >
      {images.map((image) => (
        <li
          key={image}
          className="aspect-[4/3] overflow-hidden rounded-lg bg-sand-100 shadow-sm ring-1 ring-sand-200"
        >
          <Picture
            id={image}
            sizes={`(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, ${twoOnPhones ? "50vw" : "100vw"}`}
            className="h-full w-full object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
