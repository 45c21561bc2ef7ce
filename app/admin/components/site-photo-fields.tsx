// The photo fields of the site's content sections (decision 249): a project's ordered photos,
// each with its stage, alt text and the cover mark, and a team member's one photo. A photo is
// uploaded when chosen (POST /api/site-photos, the file as the body) and the field keeps its id.
import { useId, useState } from "react";
import { controlClass } from "~/components/account/form-controls";
import { FieldMessages } from "~/components/form-field";
import { getSession } from "~/lib/session";
import { projectLabels } from "../../../content/project-fields";
import { photoStages } from "../../../content/projects";
import { sitePhotoPath } from "../../../content/site-photos";

export interface ProjectPhotoValue {
  photo_id: number;
  stage: string;
  alt: string;
  cover: boolean;
  /** The smallest JPEG's hash, to show it by. */
  thumbnail?: string;
}

interface Uploaded {
  id: number;
  src: string;
}

/** Sends one file; answers the stored photo, or throws the server's Spanish message. */
async function uploadPhoto(file: File): Promise<Uploaded> {
  const { token } = getSession();
  const response = await fetch(`/api/site-photos?name=${encodeURIComponent(file.name)}`, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": file.type || "application/octet-stream",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  });
  const payload = (await response.json().catch(() => undefined)) as
    | { photo?: Uploaded; message?: string; errors?: Record<string, string[]> }
    | undefined;
  if (!response.ok || !payload?.photo) {
    throw new Error(
      payload?.errors?.photo?.[0] ?? payload?.message ?? "No se ha podido subir la foto.",
    );
  }
  return payload.photo;
}

const thumbnailSrc = (photo: { thumbnail?: string; src?: string }) =>
  photo.src ?? (photo.thumbnail ? `${sitePhotoPath}/${photo.thumbnail}.jpg` : "");

/**
 * Uploads chosen files one after another, saying how far it is and what was refused; hands
 * the photos stored to `onUploaded` at once when the last is done.
 */
function useUploads(onUploaded: (photos: Uploaded[]) => void) {
  const [busy, setBusy] = useState("");
  const [uploading, setUploading] = useState(false);
  const [refusals, setRefusals] = useState<string[]>([]);
  const upload = async (files: File[]) => {
    if (!files.length) return;
    setUploading(true);
    const refused: string[] = [];
    const stored: Uploaded[] = [];
    for (const [index, file] of files.entries()) {
      setBusy(`Subiendo ${index + 1} de ${files.length}: ${file.name}…`);
      try {
        stored.push(await uploadPhoto(file));
      } catch (error) {
        refused.push(error instanceof Error ? error.message : String(error));
      }
    }
    setBusy(
      stored.length === 1
        ? "1 foto subida."
        : stored.length
          ? `${stored.length} fotos subidas.`
          : "",
    );
    setUploading(false);
    setRefusals(refused);
    if (stored.length) onUploaded(stored);
  };
  return { busy, uploading, refusals, upload };
}

export function ProjectPhotosField({
  title,
  value,
  messages,
  onChange,
}: {
  title: string;
  value: unknown;
  messages?: string[];
  onChange: (value: ProjectPhotoValue[]) => void;
}) {
  const id = useId();
  const photos = (Array.isArray(value) ? value : []) as (ProjectPhotoValue & { src?: string })[];
  const [added, setAdded] = useState<Record<number, string>>({});
  const { busy, uploading, refusals, upload } = useUploads((stored) => {
    setAdded((old) => ({ ...old, ...Object.fromEntries(stored.map((p) => [p.id, p.src])) }));
    const fresh = stored.filter((p) => !photos.some((photo) => photo.photo_id === p.id));
    onChange([
      ...photos,
      ...fresh.map((p, i) => ({
        photo_id: p.id,
        stage: "antes",
        alt: "",
        cover: photos.length === 0 && i === 0,
      })),
    ]);
  });
  const change = (index: number, patch: Partial<ProjectPhotoValue>) =>
    onChange(
      photos.map((photo, i) =>
        i === index ? { ...photo, ...patch } : patch.cover ? { ...photo, cover: false } : photo,
      ),
    );
  const move = (index: number, by: number) => {
    const next = [...photos];
    const [photo] = next.splice(index, 1);
    if (photo) next.splice(index + by, 0, photo);
    onChange(next);
  };
  return (
    <fieldset aria-describedby={messages?.length ? `${id}-error` : undefined}>
      <legend className="font-medium text-ink">{title}</legend>
      <ol className="mt-2 space-y-4">
        {photos.map((photo, index) => {
          const position = index + 1;
          const src = added[photo.photo_id] ?? thumbnailSrc(photo);
          return (
            <li
              key={photo.photo_id}
              className="flex flex-wrap gap-4 rounded-md border border-sand-300 p-3"
            >
              {src ? (
                <img
                  src={src}
                  alt=""
                  width={160}
                  height={120}
                  className="h-30 w-40 rounded object-cover"
                />
              ) : null}
              <div className="grid min-w-60 flex-1 gap-2">
                <label className="text-ink">
                  Texto alternativo de la foto {position}
                  <input
                    className={controlClass}
                    value={photo.alt}
                    onChange={(event) => change(index, { alt: event.target.value })}
                  />
                </label>
                <label className="text-ink">
                  Momento de la foto {position}
                  <select
                    className={controlClass}
                    value={photo.stage}
                    onChange={(event) => change(index, { stage: event.target.value })}
                  >
                    {photoStages.map((stage) => (
                      <option key={stage.value} value={stage.value}>
                        {stage.label}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="flex items-center gap-2 text-ink">
                  <input
                    type="radio"
                    name={`${id}-cover`}
                    checked={photo.cover}
                    onChange={() => change(index, { cover: true })}
                    className="size-4 accent-terracotta"
                  />
                  Portada de la obra
                </label>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="rounded border px-2 py-1"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Subir la foto {position}
                  </button>
                  <button
                    type="button"
                    className="rounded border px-2 py-1"
                    disabled={index === photos.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    Bajar la foto {position}
                  </button>
                  <button
                    type="button"
                    className="rounded border px-2 py-1"
                    onClick={() => onChange(photos.filter((_, i) => i !== index))}
                  >
                    Quitar la foto {position}
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <label className="mt-3 block text-ink">
        Añadir fotos ({projectLabels.photos.toLowerCase()} de antes, durante o después)
        <input
          type="file"
          accept="image/*"
          multiple
          className="mt-1 block"
          onChange={(event) => {
            void upload([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
      </label>
      {/* While a photo is still on its way, the form waits for it (resource-form.tsx). */}
      <p
        role="status"
        className="min-h-6 text-ink-soft"
        data-uploading={uploading ? "" : undefined}
      >
        {busy}
      </p>
      <FieldMessages id={`${id}-error`} messages={[...refusals, ...(messages ?? [])]} />
    </fieldset>
  );
}

export function SitePhotoField({
  title,
  value,
  messages,
  onChange,
}: {
  title: string;
  value: unknown;
  messages?: string[];
  onChange: (value: number | "") => void;
}) {
  const id = useId();
  const [src, setSrc] = useState("");
  const { busy, uploading, refusals, upload } = useUploads((stored) => {
    const photo = stored[0];
    if (!photo) return;
    setSrc(photo.src);
    onChange(photo.id);
  });
  return (
    <fieldset aria-describedby={messages?.length ? `${id}-error` : undefined}>
      <legend className="font-medium text-ink">{title}</legend>
      {value && src ? (
        <img
          src={src}
          alt=""
          width={160}
          height={120}
          className="mt-2 h-30 w-40 rounded object-cover"
        />
      ) : value ? (
        <p className="mt-2 text-ink-soft">Foto n.º {String(value)} elegida.</p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <label className="text-ink">
          {value ? "Cambiar la foto" : "Subir una foto"}
          <input
            type="file"
            accept="image/*"
            className="mt-1 block"
            onChange={(event) => {
              void upload([...(event.target.files ?? [])]);
              event.target.value = "";
            }}
          />
        </label>
        {value ? (
          <button type="button" className="rounded border px-2 py-1" onClick={() => onChange("")}>
            Quitar la foto
          </button>
        ) : null}
      </div>
      {/* While a photo is still on its way, the form waits for it (resource-form.tsx). */}
      <p
        role="status"
        className="min-h-6 text-ink-soft"
        data-uploading={uploading ? "" : undefined}
      >
        {busy}
      </p>
      <FieldMessages id={`${id}-error`} messages={[...refusals, ...(messages ?? [])]} />
    </fieldset>
  );
}
