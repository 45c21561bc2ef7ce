import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Hono } from "hono";
import { sitePhotoMessages, sitePhotoRules } from "../../content/site-photos.ts";
import {
  type AuthEnv,
  forbidden,
  hasPermission,
  requireAdminEntry,
  requireUser,
} from "../auth/session.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail, failValidation, nameFields } from "../http-errors.ts";
import { cleanFileName } from "../leads/photos.ts";
import { createUploadFolder } from "../leads/upload-folder.ts";
import { encodeSitePhoto } from "../site-photos/encode.ts";
import {
  photoOfOriginal,
  sitePhotoFile,
  sitePhotoViews,
  storeSitePhoto,
} from "../site-photos/store.ts";

nameFields({ photo: "Foto" });

/** The sections whose staff upload photos: a project's, a team member's. */
export const sitePhotoSections = ["projects", "team"] as const;

/** Raised while a body is read: it is over the size a photo may have. */
class TooLarge extends Error {}

/**
 * Staff photo uploads (decision 248): POST /api/site-photos?name=<file name> with the file as
 * the body (any image type), answered 201 with the photo as pages draw it. The body goes to a
 * file as it arrives, hashed on the way; a file already uploaded is not encoded again.
 */
export function createSitePhotosRouter(deps: Dependencies) {
  const { db } = deps;
  const router = new Hono<AuthEnv>();
  router.use("*", requireUser(deps));

  router.post("/", async (c) => {
    const user = c.var.user;
    requireAdminEntry(user);
    if (!sitePhotoSections.some((key) => hasPermission(user, key))) forbidden();
    const name = cleanFileName(c.req.query("name") ?? "", 1);
    const body = c.req.raw.body;
    if (!body) failValidation({ photo: [sitePhotoMessages.missing] });
    const folder = await createUploadFolder();
    try {
      const file = path.join(folder.path, "photo");
      const hash = createHash("sha256");
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > sitePhotoRules.maxFileBytes) return done(new TooLarge());
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(Readable.fromWeb(body as never), counted, createWriteStream(file));
      } catch (error) {
        if (error instanceof TooLarge) {
          fail(413, {
            title: "Foto demasiado grande",
            message: sitePhotoMessages.tooLarge(name),
            errors: { photo: [sitePhotoMessages.tooLarge(name)] },
          });
        }
        throw error;
      }
      if (size === 0) failValidation({ photo: [sitePhotoMessages.missing] });
      const originalSha256 = hash.digest();
      let id = await photoOfOriginal(db, originalSha256);
      if (id === undefined) {
        const encoded = await encodeSitePhoto(file, name);
        if ("error" in encoded) failValidation({ photo: [encoded.error] });
        id = await storeSitePhoto(db, { originalSha256, name, uploadedBy: user.id }, encoded);
      }
      const view = (await sitePhotoViews(db, [id])).get(id);
      return c.json({ photo: { ...view, name } }, 201);
    } finally {
      await folder.discard();
    }
  });
  return router;
}

/** The public addresses of the variants: /media/{hash}.{ext}, the same bytes for ever. */
export function createMediaRouter(deps: Dependencies) {
  const router = new Hono();
  router.get("/:file{[0-9a-f]{32}\\.(?:avif|webp|jpg)}", async (c) => {
    const [hash, extension] = c.req.param("file").split(".") as [string, string];
    const file = await sitePhotoFile(deps.db, hash);
    const format = extension === "jpg" ? "jpeg" : extension;
    if (!file || file.format !== format) {
      return c.text("No encontrado", 404, { "cache-control": "no-store" });
    }
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        "content-type": `image/${file.format}`,
        "content-length": String(file.bytes.length),
        // Its name is its content's hash: it never changes.
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      },
    });
  });
  router.all("*", (c) => c.text("No encontrado", 404, { "cache-control": "no-store" }));
  return router;
}
