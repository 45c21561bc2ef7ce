// Where photos are chosen, listed and taken out, with the messages about them (decision 181).
import { useEffect, useId, useState } from "react";
import { photoThumbnail } from "~/lib/photo-shrink";
import { fileSize } from "~/lib/upload-progress";
import { draftMessages, photoRules, sendingMessages } from "../../content/quote-request";
import { QuoteField } from "./fields";
import type { Photos } from "./use-photos";

/** `owed`: photos a reload lost, said until new ones are chosen. */
export function PhotoPicker({ photos, owed }: { photos: Photos; owed?: number }) {
  const errorsId = useId();
  return (
    <div className="min-w-0 sm:col-span-2">
      <QuoteField
        label={photoRules.label}
        hint={photos.shrinking ? photoRules.hintShrinking : photoRules.hint}
        describedBy={errorsId}
      >
        {(control) => (
          // The browser's own control speaks the browser's language («Choose Files», «No file
          // chosen») and, emptied after each choice, would contradict the list: the input is kept
          // for the keyboard and screen readers but not drawn, and a second label of its own,
          // drawn as a button, opens it (decision 181).
          <>
            <input
              {...control}
              ref={photos.input}
              type="file"
              name="photos"
              accept="image/*"
              multiple
              onChange={photos.add}
              aria-invalid={photos.errors.length ? true : undefined}
              className="peer sr-only"
            />
            <label
              htmlFor={control.id}
              className="mt-1 inline-flex min-h-11 cursor-pointer items-center rounded-md border border-ink/30 bg-white px-4 font-semibold text-ink hover:bg-sand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink"
            >
              {sendingMessages.choose}
            </label>
          </>
        )}
      </QuoteField>
      {photos.photos.length ? (
        <ul aria-label="Fotos elegidas" className="mt-3 space-y-2">
          {photos.photos.map((photo, index) => (
            <li
              key={`${photo.name}-${photo.size}-${photo.lastModified}`}
              className="flex items-center gap-3 rounded-md border border-sand-200 bg-sand-50 px-2 py-1"
            >
              <PhotoThumb photo={photo} />
              <span className="min-w-0 flex-1 truncate text-sm">
                {photo.name} <span className="text-ink-soft">({fileSize(photo.size)})</span>
              </span>
              <button
                type="button"
                onClick={() => photos.remove(index)}
                className="min-h-11 shrink-0 rounded px-3 text-sm font-medium text-terracotta-dark underline underline-offset-4 hover:bg-sand-100"
              >
                Quitar<span className="sr-only"> {photo.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Said as it changes (a file too heavy as soon as it is chosen) and read with the input. */}
      <div id={errorsId} aria-live="polite">
        {owed && !photos.photos.length ? (
          <p className="mt-2 text-sm text-terracotta-dark">{draftMessages.photosLost(owed)}</p>
        ) : null}
        {photos.errors.length ? (
          <ul className="mt-2 space-y-1 text-sm text-terracotta-dark">
            {photos.errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A small picture of a chosen photo, so the visitor sees which one a name is (issue 36). Drawn
 * from the file itself as a data: URL (`photoThumbnail`), never uploaded for it; one the browser
 * cannot show (a HEIC outside
 * Safari) leaves the blank square. Decorative: the name beside it says which photo it is.
 */
function PhotoThumb({ photo }: { photo: File }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let shown = true;
    void photoThumbnail(photo).then((url) => {
      if (shown) setSrc(url);
    });
    return () => {
      shown = false;
    };
  }, [photo]);
  return (
    <span className="size-14 shrink-0 overflow-hidden rounded bg-sand-200">
      {src ? <img src={src} alt="" className="size-full object-cover" /> : null}
    </span>
  );
}
