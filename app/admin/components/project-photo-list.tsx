// A project's photos on its detail view, as staff chose them on the form: each small, with its
// stage, its alt text and the cover marked (the record holds them as a list of objects, which
// the generic value would print as JSON).
import { photoStageLabel } from "../../../content/projects";
import { sitePhotoPath } from "../../../content/site-photos";
import type { ProjectPhotoValue } from "./site-photo-fields";

/** The list a project's `photos` field holds, told apart from any other value. */
export const isProjectPhotoList = (value: unknown): value is ProjectPhotoValue[] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((item) => item && typeof item === "object" && "photo_id" in item && "alt" in item);

export function ProjectPhotoList({ photos }: { photos: ProjectPhotoValue[] }) {
  return (
    <ul className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {photos.map((photo) => (
        <li key={photo.photo_id}>
          <figure>
            {photo.thumbnail ? (
              <img
                src={`${sitePhotoPath}/${photo.thumbnail}.jpg`}
                alt={photo.alt}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-md object-cover"
              />
            ) : null}
            <figcaption className="mt-1 text-sm">
              <span className="font-medium">{photoStageLabel(photo.stage)}</span>
              {photo.cover ? " · Portada" : ""}
              <span className="block text-ink-soft">{photo.alt}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
