import os from "node:os";
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { isOpenStatus as isOpen, myRequestsTexts } from "../../content/my-requests.ts";
import { type AuthEnv, requireUser } from "../auth/session.ts";
import { forgetInWriteAheadLog } from "../db/erasure.ts";
import { contacts } from "../db/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { lowDiskBytes } from "../disk-space.ts";
import { fail, failValidation, noFieldErrors } from "../http-errors.ts";
import { photosField, readLeadForm } from "../leads/lead-form.ts";
import { boundaryOf } from "../leads/multipart.ts";
import { photoLimits } from "../leads/photos.ts";
import { eraseLeads } from "../leads/retention.ts";
import { addLeadPhotos } from "../leads/store-lead.ts";
import { log, requestIdOf } from "../log.ts";
import { deleteMailFiles, mailFolder } from "../mail/transport.ts";
import { ownPhoto, ownRequestForUpdate, ownRequests } from "../my-requests/own-requests.ts";
import { tooManyRequests } from "../rate-limit/throttle.ts";

/** Photo uploads per account per 10 minutes, accepted or not, as the quote form's per address. */
const uploadLimit = { requests: 20, windowMs: 10 * 60_000 };

function notFound(): never {
  fail(404, { title: "No encontrada", message: myRequestsTexts.notFound });
}

function closed(): never {
  fail(409, { title: "Solicitud cerrada", message: myRequestsTexts.closed });
}

/**
 * «Mis solicitudes» (issue 36; decisions 267, 268): the signed-in visitor's own requests, their
 * photos, adding photos to an open one, and erasing one's personal data. Signed out: 401. A
 * request that is another's answers as one that does not exist (404), by reference or photo.
 */
export function createMyRequestsRouter(deps: Dependencies) {
  const { db, env, limiter, disk } = deps;
  const mailFiles = mailFolder(env.DATA_DIR);
  const router = new Hono<AuthEnv>();
  router.use("*", requireUser(deps));

  router.get("/", async (c) => c.json({ requests: await ownRequests(db, c.var.user.id) }));

  // A photo of one's own request: never cached (a shared computer), never sniffed.
  for (const [suffix, size] of [
    ["", "full"],
    ["/thumbnail", "thumbnail"],
  ] as const) {
    router.get(`/:reference/photos/:photoId${suffix}`, async (c) => {
      const id = Number(c.req.param("photoId"));
      const photo = Number.isSafeInteger(id)
        ? await ownPhoto(db, c.var.user.id, c.req.param("reference"), id, size)
        : undefined;
      if (!photo) notFound();
      return new Response(photo.bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          "content-type": photo.type,
          "content-length": String(photo.bytes.length),
          "cache-control": "private, no-store",
          "x-content-type-options": "nosniff",
        },
      });
    });
  }

  /** Photos added to an open request: read, checked and re-encoded as the quote form's. */
  router.post("/:reference/photos", async (c) => {
    const reference = c.req.param("reference");
    const user = c.var.user;
    // Before reading a byte: whose it is and whether it is open, so nothing is decoded in vain.
    const before = await db.transaction((tx) => ownRequestForUpdate(tx, user.id, reference));
    if (!before) notFound();
    if (!isOpen(before.status)) closed();
    const boundary = boundaryOf(c.req.header("content-type"));
    if (!boundary) {
      fail(400, {
        title: "Datos no válidos",
        message: "El formulario enviado está incompleto o dañado. Inténtalo de nuevo.",
      });
    }
    const uploads = await limiter.hit(
      `my-request-photos:${user.id}`,
      uploadLimit.requests,
      uploadLimit.windowMs,
    );
    if (!uploads.allowed) {
      tooManyRequests(
        uploads,
        `Has enviado muchas fotos en pocos minutos. Vuelve a intentarlo dentro de ${uploads.retryAfter} segundos.`,
      );
    }
    const form = await readLeadForm(c.req.raw.body, boundary, {
      room: ((await disk.free(os.tmpdir())) ?? lowDiskBytes) >= lowDiskBytes,
    });
    try {
      const errors = noFieldErrors();
      if (form.photoErrors.length) errors[photosField] = form.photoErrors;
      for (const field of form.misplacedFiles) {
        errors[field] = [`Solo se pueden adjuntar archivos en «${photosField}».`];
      }
      if (!form.photos.length && !form.photoErrors.length && !form.photosNotKept.length) {
        errors[photosField] = [myRequestsTexts.noPhotoChosen];
      }
      if (Object.keys(errors).length) failValidation(errors);
      if (!form.photos.length) {
        fail(503, {
          title: "Fotos no guardadas",
          message:
            "Ahora mismo no podemos guardar tus fotos. Inténtalo de nuevo dentro de un rato.",
        });
      }
      const result = await db.transaction(async (tx) => {
        const lead = await ownRequestForUpdate(tx, user.id, reference);
        if (!lead) notFound();
        if (!isOpen(lead.status)) closed();
        const added = await addLeadPhotos(tx, lead.id, form.photos, true);
        // Adding photos is activity: the lead keeps its data longer (decision 179).
        if (added.length) {
          await tx.update(contacts).set({ updated_at: sql`now()` }).where(eq(contacts.id, lead.id));
        }
        return { added, full: lead.photos + added.length >= photoLimits.maxFiles };
      });
      if (!result.added.length && result.full) {
        fail(409, {
          title: "Sin sitio para más fotos",
          message: myRequestsTexts.photosFull(photoLimits.maxFiles),
        });
      }
      log.info(
        { id: requestIdOf(c.env), photos: result.added.length },
        "my-requests: photos added",
      );
      return c.json({
        title: result.added.length ? "Fotos añadidas" : "Sin fotos nuevas",
        message: result.added.length
          ? myRequestsTexts.photosAdded(result.added.length)
          : myRequestsTexts.noPhotoAdded,
        photos: result.added,
      });
    } finally {
      await form.discard();
    }
  });

  /** The visitor's personal data in one request erased now, as the retention sweep does. */
  router.post("/:reference/erase", async (c) => {
    const reference = c.req.param("reference");
    const { gone, files } = await db.transaction(async (tx) => {
      const lead = await ownRequestForUpdate(tx, c.var.user.id, reference);
      if (!lead) return { gone: [], files: [] };
      return eraseLeads(tx, [lead.id], "asked");
    });
    if (!gone.length) notFound();
    await deleteMailFiles(mailFiles, files);
    await forgetInWriteAheadLog(db);
    log.info(
      { id: requestIdOf(c.env), contact: gone[0]?.id },
      "my-requests: erased at the visitor's request",
    );
    return c.json({
      title: myRequestsTexts.erasedTitle,
      message: myRequestsTexts.erasedMessage(reference),
    });
  });

  return router;
}
