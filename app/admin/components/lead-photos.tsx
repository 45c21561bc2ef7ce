// A lead's photos on its detail view and edit screen (decision 131). The images are staff-only:
// an <img src> cannot send the bearer token, so each is fetched with it and shown as a data: URL
// (which the pages' Content-Security-Policy allows, unlike blob:). A thumbnail opens the full
// image in a modal dialog (native <dialog>, titled, Escape closes).
import { useEffect, useId, useRef, useState } from "react";
import { api } from "~/lib/api";
import { privateImageUrl } from "~/lib/private-image";
import { leadPhotosLabel } from "../../../content/lead-photos";

interface LeadPhoto {
  id: number;
  name: string;
  width: number;
  height: number;
  size: number;
}

/** A file's size as staff read it: "850 KB" under a megabyte (never "0 MB"), else "2,4 MB". */
export const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("es-ES")} KB`
    : `${(bytes / (1024 * 1024)).toLocaleString("es-ES", { maximumFractionDigits: 1 })} MB`;

export function LeadPhotos({ id, listed }: { id: string; listed?: LeadPhoto[] }) {
  const [photos, setPhotos] = useState<LeadPhoto[]>([]);
  const [thumbnails, setThumbnails] = useState<Record<number, string>>({});
  const [open, setOpen] = useState<{ photo: LeadPhoto; url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const dialogTitleId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a lead's photos are the visitor's and fixed; the detail view's reloads (after a note, a status) must not fetch them again
  useEffect(() => {
    let cancelled = false;
    // The detail view has the list already; the edit screen asks for it.
    const listing = listed
      ? Promise.resolve(listed)
      : api<{ photos?: LeadPhoto[] }>(
          "GET",
          `admin/contacts/detail/${encodeURIComponent(id)}`,
          undefined,
          { silent: true },
        ).then((detail) => detail.photos ?? []);
    listing
      .then(async (list) => {
        if (cancelled) return;
        setPhotos(list);
        // One at a time: five thumbnails are small, and the order is the visitor's.
        for (const photo of list) {
          const url = await privateImageUrl(`admin/contacts/photos/${photo.id}/thumbnail`);
          if (cancelled) return;
          setThumbnails((current) => ({ ...current, [photo.id]: url }));
        }
      })
      .catch((error) => {
        console.error(`Photos of lead ${id} failed to load`, error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [id]);

  // The dialog opens once its image is ready, and lets it go when it closes.
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);
  const close = () => setOpen(null);

  const enlarge = async (photo: LeadPhoto) => {
    try {
      setOpen({ photo, url: await privateImageUrl(`admin/contacts/photos/${photo.id}`) });
    } catch (error) {
      console.error(`Photo ${photo.id} failed to load`, error);
      setFailed(true);
    }
  };

  if (!photos.length && !failed) return null;
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-xl font-semibold text-ink">
        {leadPhotosLabel}
      </h2>
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-terracotta-dark">
          No se han podido cargar las fotos. Recarga la página para intentarlo de nuevo.
        </p>
      ) : null}
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              onClick={() => enlarge(photo)}
              className="block w-full rounded-md border border-sand-300 bg-sand-50 p-1 text-left hover:border-ink focus-visible:outline-2 focus-visible:outline-focus"
            >
              {thumbnails[photo.id] ? (
                <img
                  src={thumbnails[photo.id]}
                  alt=""
                  className="aspect-[4/3] w-full rounded object-cover"
                />
              ) : (
                <span className="block aspect-[4/3] w-full rounded bg-sand-100" />
              )}
              <span className="mt-1 block truncate text-sm text-ink">
                <span className="sr-only">
                  Ampliar la foto {index + 1} de {photos.length}:{" "}
                </span>
                {photo.name}
              </span>
              <span className="block text-xs text-ink-soft">
                {photo.width} × {photo.height} px · {fileSize(photo.size)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        aria-labelledby={dialogTitleId}
        onClose={close}
        className="m-auto max-h-[95vh] max-w-[95vw] rounded-lg bg-white p-4 shadow-xl backdrop:bg-ink/70"
      >
        {open ? (
          <>
            <div className="mb-3 flex items-center justify-between gap-4">
              <h3 id={dialogTitleId} className="truncate font-semibold text-ink">
                {open.photo.name}
              </h3>
              <div className="flex shrink-0 gap-2">
                <a
                  href={open.url}
                  download={open.photo.name.replace(/\.[\p{L}\p{N}]{1,5}$/u, "").concat(".jpg")}
                  className="inline-flex min-h-11 items-center rounded-md border border-sand-300 px-4 font-medium text-ink hover:bg-sand-50"
                >
                  Descargar
                </a>
                <button
                  type="button"
                  onClick={() => dialog.current?.close()}
                  className="min-h-11 rounded-md bg-ink px-4 font-semibold text-plaster hover:bg-ink-soft"
                >
                  Cerrar
                </button>
              </div>
            </div>
            <img
              src={open.url}
              alt={`Foto adjunta: ${open.photo.name}`}
              width={open.photo.width}
              height={open.photo.height}
              className="h-auto max-h-[80vh] w-auto max-w-full object-contain"
            />
          </>
        ) : null}
      </dialog>
    </section>
  );
}
