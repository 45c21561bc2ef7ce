// A quote request's photos for staff (issue 12): thumbnails that open the full image. The images
// are served only to staff, with the bearer token, so they are fetched and shown as blob URLs.
import { useEffect, useState } from "react";
import type { AdminDetail } from "~/lib/admin";
import { getSession } from "~/lib/session";

type Photo = NonNullable<AdminDetail["photos"]>[number];

async function imageUrl(path: string): Promise<string> {
  const { token } = getSession();
  const response = await fetch(path, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`photo answered ${response.status}`);
  return URL.createObjectURL(await response.blob());
}

function Thumbnail({ resource, photo }: { resource: string; photo: Photo }) {
  const [src, setSrc] = useState<string>();
  const base = `/api/admin/${encodeURIComponent(resource)}/photos/${photo.id}`;
  useEffect(() => {
    let url: string | undefined;
    let gone = false;
    imageUrl(`${base}/thumbnail`).then(
      (made) => {
        url = made;
        if (gone) URL.revokeObjectURL(made);
        else setSrc(made);
      },
      (error) => console.error("Thumbnail failed", error),
    );
    return () => {
      gone = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [base]);
  const open = async () => {
    try {
      window.open(await imageUrl(base), "_blank", "noopener");
    } catch (error) {
      console.error("Photo failed", error);
    }
  };
  return (
    <li>
      <button
        type="button"
        onClick={open}
        className="block overflow-hidden rounded-lg border border-sand-200 bg-white"
      >
        {src ? (
          <img src={src} alt={`Foto: ${photo.name}`} className="h-32 w-40 object-cover" />
        ) : (
          <span className="flex h-32 w-40 items-center justify-center text-sm text-ink-soft">
            {photo.name}
          </span>
        )}
        <span className="sr-only">Abrir {photo.name} a tamaño completo</span>
      </button>
    </li>
  );
}

export function LeadPhotos({ resource, photos }: { resource: string; photos: Photo[] }) {
  return (
    <section aria-labelledby="fotos" className="mt-8">
      <h2 id="fotos" className="font-display text-xl font-semibold text-ink">
        Fotos y planos
      </h2>
      <ul className="mt-3 flex flex-wrap gap-3">
        {photos.map((photo) => (
          <Thumbnail key={photo.id} resource={resource} photo={photo} />
        ))}
      </ul>
    </section>
  );
}
