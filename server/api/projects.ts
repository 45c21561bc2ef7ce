import { writeFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, like, or, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import { projectServices } from "../../content/project-fields.ts";
import { findRecord } from "../admin/operations.ts";
import { projectsResource, slugOf } from "../admin/resources/projects.ts";
import { recordAudit } from "../audit-log.ts";
import { type AuthEnv, requireStaff, requireUser } from "../auth/session.ts";
import { generateToken, hashToken } from "../auth/tokens.ts";
import { base64Of, contacts, leadPhotos, projectPhotos, projects } from "../db/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail, failValidation } from "../http-errors.ts";
import { createUploadFolder } from "../leads/upload-folder.ts";
import { siteContentChanged } from "../site-content/version.ts";
import { encodeSitePhoto } from "../site-photos/encode.ts";
import { photoOfOriginal, storeSitePhoto } from "../site-photos/store.ts";
import { jsonBodyOf, jsonObject } from "../validation.ts";

/** How long a draft's preview link opens (decision 250). */
export const previewHours = 1;
export const previewPath = (token: string) => `/obras/vista-previa/${token}`;

const projectNotFound = (): never =>
  fail(404, { title: "No encontrado", message: "La obra solicitada no existe." });

const pathId = (c: Context) => {
  const raw = c.req.param("id") ?? "";
  return /^\d{1,9}$/.test(raw) ? Number(raw) : projectNotFound();
};

const fromLeadBody = z.object({
  lead_id: z.number({ error: "Indica la solicitud." }).int().positive(),
  copy_photos: z.boolean().optional().default(false),
  consent: z.boolean().optional().default(false),
  consent_by: z
    .string()
    .trim()
    .max(120, "El nombre no puede tener más de 120 caracteres.")
    .optional()
    .default(""),
});

/**
 * A project's own calls beside the generic admin (decisions 249, 250): a draft's preview link,
 * and "Crear obra" from a won lead. Mounted after the generic admin router, whose routes win.
 */
export function createProjectsRouter(deps: Dependencies) {
  const { db } = deps;
  const router = new Hono<AuthEnv>();
  router.use("*", requireUser(deps));

  /** A link that shows the project as a visitor will see it, for an hour, to whoever has it. */
  router.post("/:id/preview", async (c) => {
    requireStaff(c.var.user, projectsResource.key);
    const id = pathId(c);
    const token = generateToken();
    // The pages read drafts behind open links with the rest of the content (decision 250).
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(projects)
        .set({
          preview_token_hash: Buffer.from(hashToken(token), "hex"),
          preview_expires_at: sql`now() + make_interval(hours => ${previewHours})`,
        })
        .where(eq(projects.id, id))
        .returning({ id: projects.id });
      if (updated) await siteContentChanged(tx);
      return updated;
    });
    if (!row) projectNotFound();
    return c.json({ url: previewPath(token) });
  });

  /**
   * A draft from a won lead: its service and city, and, when the client agreed (who, and when
   * staff said so, is kept), its photos as «antes», each still needing its alt text.
   */
  router.post("/from-lead", async (c) => {
    const actor = c.var.user;
    requireStaff(actor, projectsResource.key);
    requireStaff(actor, "contacts");
    const parsed = fromLeadBody.safeParse(jsonObject(await jsonBodyOf(c)));
    if (!parsed.success) {
      failValidation(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [String(issue.path[0] ?? "body"), [issue.message]]),
        ),
      );
    }
    const body = parsed.data;
    const [lead] = await db
      .select({
        id: contacts.id,
        status: contacts.status,
        service: contacts.service,
        area: contacts.area,
      })
      .from(contacts)
      .where(eq(contacts.id, body.lead_id));
    if (!lead) fail(404, { title: "No encontrado", message: "La solicitud no existe." });
    if (lead.status !== "ganado") {
      failValidation({ lead_id: ["Solo se crea una obra de una solicitud marcada como ganada."] });
    }
    if (body.copy_photos && (!body.consent || !body.consent_by)) {
      failValidation({
        consent: [
          "Para copiar las fotos, marca que el cliente lo autorizó e indica quién lo autorizó.",
        ],
      });
    }
    const service = projectServices.find((s) => s.value === lead.service);
    const city = lead.area && lead.area !== "otra" ? lead.area : "";
    const title = service ? `${service.label}${city ? ` en ${city}` : ""}` : "Nueva obra";
    const slug = await freeSlug(slugOf(title));

    const photos = body.copy_photos ? await encodeLeadPhotos(lead.id, actor.id) : [];
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(projects)
        .values({
          title,
          slug,
          service: service?.value ?? "",
          city,
          province: city,
          year: new Date().getFullYear(),
          duration: "",
          summary: "",
          body: "",
          lead_id: lead.id,
          ...(body.copy_photos
            ? {
                photo_consent_by: body.consent_by,
                photo_consent_at: new Date(),
                photo_consent_staff_id: actor.id,
              }
            : {}),
        })
        .returning({ id: projects.id });
      const projectId = row?.id as number;
      if (photos.length) {
        await tx.insert(projectPhotos).values(
          photos.map((photoId, index) => ({
            project_id: projectId,
            photo_id: photoId,
            position: index + 1,
            stage: "antes" as const,
            // Staff write what each shows before the project can be saved (422 until then).
            alt: "",
            cover: index === 0,
          })),
        );
      }
      return projectId;
    });
    const record = await findRecord(db, projectsResource, id);
    await recordAudit(db, actor, {
      action: "create",
      resource: projectsResource.key,
      recordId: id,
      recordTitle: record?.record_title as string,
      after: record,
      details: {
        from_lead: lead.id,
        photos_copied: photos.length,
        ...(body.copy_photos ? { photo_consent_by: body.consent_by } : {}),
      },
    });
    return c.json({ id }, 201);
  });

  /** `base`, or `base-2`, `base-3`…: the first no project has. */
  async function freeSlug(base: string): Promise<string> {
    const taken = new Set(
      (
        await db
          .select({ slug: projects.slug })
          .from(projects)
          .where(or(eq(projects.slug, base), like(projects.slug, `${base}-%`)))
      ).map((row) => row.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /** The lead's photos encoded as site photos (once: a photo already copied is reused). */
  async function encodeLeadPhotos(leadId: number, uploadedBy: number): Promise<number[]> {
    const rows = await db
      .select({
        id: leadPhotos.id,
        name: leadPhotos.name,
        original: leadPhotos.original_sha256,
      })
      .from(leadPhotos)
      .where(and(eq(leadPhotos.contact_id, leadId)))
      .orderBy(asc(leadPhotos.position));
    const ids: number[] = [];
    const folder = await createUploadFolder();
    try {
      for (const row of rows) {
        const existing = await photoOfOriginal(db, row.original);
        if (existing !== undefined) {
          ids.push(existing);
          continue;
        }
        const [stored] = await db
          .select({ bytes: base64Of(leadPhotos.bytes) })
          .from(leadPhotos)
          .where(eq(leadPhotos.id, row.id));
        const file = path.join(folder.path, `lead-${row.id}.jpg`);
        await writeFile(file, Buffer.from(stored?.bytes ?? "", "base64"));
        const encoded = await encodeSitePhoto(file, row.name);
        if ("error" in encoded) failValidation({ copy_photos: [encoded.error] });
        ids.push(
          await storeSitePhoto(
            db,
            { originalSha256: row.original, name: row.name, uploadedBy },
            encoded,
          ),
        );
      }
    } finally {
      await folder.discard();
    }
    return ids;
  }

  return router;
}
