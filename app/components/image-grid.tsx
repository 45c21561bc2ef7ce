import { Picture } from "~/components/picture";
import type { ImageId } from "../../content/images";

/** A plain grid of images with their alt texts, e.g. a service's 'Galería' or the home mosaic. */
export function ImageGrid({ images }: { images: readonly ImageId[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {images.map((image) => (
        <li
          key={image}
          className="aspect-[4/3] overflow-hidden rounded-lg bg-sand-100 shadow-sm ring-1 ring-sand-200"
        >
          <Picture
            id={image}
            sizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
            className="h-full w-full object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
