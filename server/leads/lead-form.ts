/**
 * A quote request sent as multipart/form-data (decision 131): the same fields as the JSON body,
 * as text, and up to five files in `photos`. Each file is written to a folder of its own for
 * this request (upload-folder.ts), then checked and re-encoded there before the next is read
 * (decision 151); the folder is removed once the request is answered. Photos the disk has no
 * room for are named in `photosNotKept`, never refused: the request is stored without them and
 * the visitor is asked to send them another way (decision 174).
 */
import { photoMessages } from "../../content/quote-request.ts";
import { isNoSpace } from "../disk-space.ts";
import { fail } from "../http-errors.ts";
import { MultipartError, readParts } from "./multipart.ts";
import {
  cleanFileName,
  type LeadPhoto,
  maxUploadBytes,
  photoLimits,
  processPhoto,
} from "./photos.ts";
import { createUploadFolder, type UploadFolder } from "./upload-folder.ts";

export const photosField = "photos";

export interface LeadForm {
  /** The text fields, as strings (the schema converts them as it does JSON's). */
  fields: Record<string, string>;
  /** The accepted photos, in the order sent. */
  photos: LeadPhoto[];
  /** Why files were refused (errors.photos), in the order sent. */
  photoErrors: string[];
  /** The photos read but not kept for lack of disk space (their cleaned names), in order. */
  photosNotKept: string[];
  /** Other fields sent as files (errors[field]). */
  misplacedFiles: string[];
  /** Removes the request's files: call it once the photos are stored or refused. */
  discard: () => Promise<void>;
}

export const uploadTooLarge = {
  title: "Petición demasiado grande",
  message: `Los datos enviados superan el tamaño permitido: como máximo ${photoLimits.maxFiles} fotos de 10 MB cada una.`,
};

/**
 * Reads and checks the whole body; a body too large (413) or broken (400) is refused here, its
 * files already removed. Without `room` (the temporary folder's disk is low) no file is kept.
 */
export async function readLeadForm(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  { room = true }: { room?: boolean } = {},
): Promise<LeadForm> {
  const { path: folder, discard } = room ? await uploadFolder() : noFolder;
  const form: LeadForm = {
    fields: {},
    photos: [],
    photoErrors: [],
    photosNotKept: [],
    misplacedFiles: [],
    discard,
  };
  if (!body) return form;
  let files = 0;
  try {
    for await (const part of readParts(
      body,
      boundary,
      {
        maxBodyBytes: maxUploadBytes,
        maxFileBytes: photoLimits.maxFileBytes,
        maxFiles: photoLimits.maxFiles,
        // The JSON body's own limit (server/app.ts).
        maxFieldBytes: 64 * 1024,
        maxParts: 64,
        maxHeaderBytes: 16 * 1024,
      },
      folder,
      [photosField],
    )) {
      if (part.kind === "field") {
        form.fields[part.name] = part.value;
        continue;
      }
      if (part.name !== photosField) {
        if (!form.misplacedFiles.includes(part.name)) form.misplacedFiles.push(part.name);
        continue;
      }
      // A form's empty file input sends a part with no name and no content.
      if (part.filename === "" && part.size === 0) continue;
      files += 1;
      if (part.skipped) continue;
      const name = cleanFileName(part.filename, files);
      if (part.tooLarge) {
        form.photoErrors.push(photoMessages.tooLarge(name));
        continue;
      }
      if (part.noSpace) {
        form.photosNotKept.push(name);
        continue;
      }
      const result = await processPhoto(part, name);
      if ("photo" in result) form.photos.push(result.photo);
      else if ("error" in result) form.photoErrors.push(result.error);
      else form.photosNotKept.push(name);
    }
  } catch (error) {
    await discard();
    if (!(error instanceof MultipartError)) throw error;
    // The rest of the body is not read: the connection closes after the answer.
    const close = { connection: "close" };
    if (error.reason === "too large") fail(413, uploadTooLarge, close);
    fail(
      400,
      {
        title: "Datos no válidos",
        message: "El formulario enviado está incompleto o dañado. Inténtalo de nuevo.",
      },
      close,
    );
  }
  if (files > photoLimits.maxFiles) form.photoErrors.unshift(photoMessages.tooMany);
  return form;
}

/** No folder: every file is read and dropped (`noSpace`). */
const noFolder: { path: undefined; discard: () => Promise<void> } = {
  path: undefined,
  discard: async () => {},
};

/** The request's folder, or none when its disk has no room even for an empty folder. */
async function uploadFolder(): Promise<UploadFolder | typeof noFolder> {
  try {
    return await createUploadFolder();
  } catch (error) {
    if (isNoSpace(error)) return noFolder;
    throw error;
  }
}
