// The lightbox of a project's page and the gallery (issue 35): each photo is a plain link to its
// JPEG, so it opens without JavaScript too; with it, the link opens the photos in a
// native modal <dialog> instead. The browser gives the dialog its modal semantics, keeps focus
// inside, closes it with Escape and gives focus back to the link. The arrow keys and two buttons
// go from photo to photo, and a polite status line says which one is shown. Imported only by
// those two routes, so no other page loads it (no library: this is a few dozen lines).
import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { SitePicture } from "~/components/site-picture";
import type { SitePhotoView } from "../../../content/site-photos";

export interface LightboxPhoto {
  photo: SitePhotoView;
  alt: string;
  /** Said under the photo: its stage and where it was taken, for example. */
  caption: string;
}

const control =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border border-white/60 px-3 font-semibold text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white";

/**
 * `link(index)`: the props of the link that opens photo `index`; `dialog`: the lightbox itself,
 * to render once beside the links.
 */
export function useLightbox(photos: readonly LightboxPhoto[], label: string) {
  const [index, setIndex] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const closer = useRef<HTMLButtonElement>(null);
  const captionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (index !== null && element && !element.open) {
      element.showModal();
      // Focus on «Cerrar»: what a visitor who opened it by mistake wants, and the arrows work.
      closer.current?.focus();
    }
  }, [index]);

  const step = (by: number) =>
    setIndex((current) =>
      current === null ? null : (current + by + photos.length) % photos.length,
    );

  const link = (at: number) => ({
    href: photos[at]?.photo.src,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      // A new tab or a download is the visitor's choice: only a plain click opens the lightbox.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      event.preventDefault();
      setIndex(at);
    },
  });

  const shown = index === null ? undefined : photos[index];
  const many = photos.length > 1;
  const dialogElement: ReactNode = (
    <dialog
      ref={dialog}
      aria-label={label}
      aria-describedby={captionId}
      onClose={() => setIndex(null)}
      onClick={(event) => {
        // A click around the photo (the dialog element itself, not its content) closes it.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      onKeyDown={(event) => {
        if (!many) return;
        if (event.key === "ArrowRight") {
          event.preventDefault();
          step(1);
        } else if (event.key === "ArrowLeft") {
          event.preventDefault();
          step(-1);
        }
      }}
      // The whole screen, dark and opaque: the texts' contrast is against it, not the page.
      className="m-0 h-dvh max-h-none w-dvw max-w-none flex-col items-center justify-center bg-ink p-2 text-white open:flex sm:p-4"
    >
      {shown ? (
        <figure className="flex flex-col items-center gap-3">
          <SitePicture
            photo={shown.photo}
            alt={shown.alt}
            sizes="100vw"
            priority
            className="max-h-[78dvh] w-auto max-w-full rounded-md object-contain"
          />
          <figcaption id={captionId} className="max-w-3xl text-center">
            {shown.caption}
            {/* Said when the photo changes, so a screen reader hears where it is. */}
            <span role="status" className="block text-sm text-white/80">
              Foto {(index ?? 0) + 1} de {photos.length}
            </span>
          </figcaption>
        </figure>
      ) : null}
      <div className="mt-3 flex flex-wrap justify-center gap-2">
        {many ? (
          <button type="button" className={control} onClick={() => step(-1)}>
            Foto anterior
          </button>
        ) : null}
        {many ? (
          <button type="button" className={control} onClick={() => step(1)}>
            Foto siguiente
          </button>
        ) : null}
        <button
          type="button"
          className={control}
          ref={closer}
          onClick={() => dialog.current?.close()}
        >
          Cerrar
        </button>
      </div>
    </dialog>
  );
  return { link, dialog: dialogElement };
}
