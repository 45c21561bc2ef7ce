// Issue 35 (decisions 249-251): projects, opinions and the team from the admin: checks on every
// field, photos with stage and alt text, publishing, previews, audit, 409s, deleting a project
// an opinion names, and "Crear obra" from a won lead.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  expectValidationErrors,
  type Json,
  json,
  perSuite,
} from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { cameraJpeg } from "../../tests/support/photos.ts";
import { createUser, signIn, staffToken } from "../../tests/support/users.ts";
import {
  adminAudit,
  contacts,
  leadPhotos,
  projectPhotos,
  projects,
  reviews,
} from "../db/schema.ts";

describe.skipIf(skipDatabase)("projects, opinions and team in the admin", () => {
  const t = perSuite(() => createTestApp());
  let token: string;
  let photoIds: number[] = [];

  const upload = async (seed: number) => {
    const res = await t.app.request(`/api/site-photos?name=foto-${seed}.jpg`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "image/jpeg" },
      body: (await cameraJpeg(640, 480, seed)) as Uint8Array<ArrayBuffer>,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { photo: { id: number } }).photo.id;
  };

  const project = (fields: Record<string, unknown> = {}) => ({
    title: "Cocina abierta en Ruzafa",
    slug: "cocina-abierta-ruzafa",
    service: "reformas-de-cocinas",
    city: "Valencia",
    province: "Valencia",
    year: 2026,
    duration: "5 semanas",
    budget_band: "15000-30000",
    summary: "Tiramos el tabique y abrimos la cocina al salón.",
    body: "## La obra\n\nUna cocina **abierta**.",
    photos: [
      { photo_id: photoIds[0], stage: "antes", alt: "La cocina cerrada, antes", cover: false },
      { photo_id: photoIds[1], stage: "despues", alt: "La cocina abierta, después", cover: true },
    ],
    featured: true,
    status: "draft",
    ...fields,
  });

  const openForm = async (id: number) => {
    const form = await json(await t.get(`/api/admin/projects/create/${id}`, token));
    const values = Object.fromEntries(
      Object.entries(form.parameter_details).map(([k, v]) => [k, (v as Json).value]),
    );
    return { values, version: form.version as string };
  };

  beforeAll(async () => {
    token = await staffToken(t.db);
    photoIds = [await upload(1), await upload(2), await upload(3)];
  }, 120_000);

  let projectId: number;

  it("creates a draft with its photos in order, one cover, and audits it", async () => {
    const res = await t.post("/api/admin/projects/create", project(), token);
    expect(res.status).toBe(201);
    const [row] = await t.db
      .select()
      .from(projects)
      .where(eq(projects.slug, "cocina-abierta-ruzafa"));
    expect(row).toMatchObject({ status: "draft", published_at: null, featured: true });
    projectId = row?.id as number;
    const photos = await t.db
      .select()
      .from(projectPhotos)
      .where(eq(projectPhotos.project_id, projectId))
      .orderBy(projectPhotos.position);
    expect(photos.map((p) => [p.photo_id, p.stage, p.cover])).toEqual([
      [photoIds[0], "antes", false],
      [photoIds[1], "despues", true],
    ]);
    const { values } = await openForm(projectId);
    expect((values.photos as Json[]).map((p) => p.alt)).toEqual([
      "La cocina cerrada, antes",
      "La cocina abierta, después",
    ]);
    expect((values.photos as Json[])[0]?.thumbnail).toMatch(/^[0-9a-f]{32}$/);
    const [entry] = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "projects"), eq(adminAudit.record_id, projectId)));
    expect(entry).toMatchObject({ action: "create" });
    expect((entry?.after as Json | undefined)?.photos).toHaveLength(2);
  });

  it("refuses a taken slug, a missing alt text, a service outside the catalogue, in Spanish", async () => {
    await expectValidationErrors(await t.post("/api/admin/projects/create", project(), token), {
      slug: ["Esta dirección ya la usa otra obra; elige otra."],
    });
    const noAlt = project({
      slug: "otra-cocina",
      photos: [{ photo_id: photoIds[0], stage: "antes", alt: "  " }],
    });
    await expectValidationErrors(await t.post("/api/admin/projects/create", noAlt, token), {
      photos: ["Escribe el texto alternativo de la foto 1: qué se ve en ella."],
    });
    const bad = project({ slug: "Cocina Ñ", service: "piscinas", year: 1800 });
    await expectValidationErrors(await t.post("/api/admin/projects/create", bad, token), {
      slug: ["Usa solo minúsculas sin acentos, números y guiones (por ejemplo, cocina-en-ruzafa)."],
      service: ["El valor elegido en «Servicio» no es válido."],
      year: ["El campo «Año» debe ser como mínimo 1990."],
    });
    const twoCovers = project({
      slug: "dos-portadas",
      photos: [
        { photo_id: photoIds[0], stage: "antes", alt: "a", cover: true },
        { photo_id: photoIds[1], stage: "despues", alt: "b", cover: true },
      ],
    });
    await expectValidationErrors(await t.post("/api/admin/projects/create", twoCovers, token), {
      photos: ["Marca una sola foto como portada."],
    });
    const noSuchPhoto = project({
      slug: "sin-foto",
      photos: [{ photo_id: 999_999, stage: "antes", alt: "a" }],
    });
    await expectValidationErrors(await t.post("/api/admin/projects/create", noSuchPhoto, token), {
      photos: ["Una de las fotos ya no existe; vuelve a subirla."],
    });
    const unpictured = project({ slug: "sin-fotos", photos: [], status: "published" });
    await expectValidationErrors(await t.post("/api/admin/projects/create", unpictured, token), {
      photos: ["Para publicar la obra, añade al menos una foto."],
    });
    expect(await t.db.select().from(projects)).toHaveLength(1);
  });

  it("publishes once, keeping the first publication's date, and refuses a stale form with 409", async () => {
    const first = await openForm(projectId);
    const stale = await openForm(projectId);
    const published = await t.post(
      "/api/admin/projects/update",
      { ...first.values, status: "published", version: first.version },
      token,
    );
    expect(published.status).toBe(200);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    expect(row?.status).toBe("published");
    expect(row?.published_at).toBeInstanceOf(Date);

    // A colleague's form, opened before, would undo the publication: refused.
    const res = await t.post(
      "/api/admin/projects/update",
      { ...stale.values, photos: [], version: stale.version },
      token,
    );
    expect(res.status).toBe(409);
    expect(
      await t.db.select().from(projectPhotos).where(eq(projectPhotos.project_id, projectId)),
    ).toHaveLength(2);

    // Reordering photos alone is a change: audited, with before and after.
    const fresh = await openForm(projectId);
    const reordered = [...(fresh.values.photos as Json[])].reverse();
    const moved = await t.post(
      "/api/admin/projects/update",
      { ...fresh.values, photos: reordered, version: fresh.version },
      token,
    );
    expect(moved.status).toBe(200);
    const entries = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.resource, "projects"), eq(adminAudit.action, "update")));
    expect(entries.at(-1)?.details).toMatchObject({ changed: expect.arrayContaining(["photos"]) });
    const [after] = await t.db.select().from(projects).where(eq(projects.id, projectId));
    expect(after?.published_at).toEqual(row?.published_at);
  });

  it("gives staff a preview link of an hour, and refuses guests and strangers", async () => {
    const res = await t.post(`/api/admin/projects/${projectId}/preview`, {}, token);
    expect(res.status).toBe(200);
    expect((await json(res)).url).toMatch(/^\/obras\/vista-previa\/[\w-]{43}$/);
    expect((await t.post(`/api/admin/projects/${projectId}/preview`, {}, undefined)).status).toBe(
      401,
    );
    const guest = await signIn(t.db, (await createUser(t.db, { role: "guest_user" })).id);
    expect((await t.post(`/api/admin/projects/${projectId}/preview`, {}, guest)).status).toBe(403);
    expect((await t.post("/api/admin/projects/create", project({ slug: "x" }), guest)).status).toBe(
      403,
    );
    expect((await t.post("/api/admin/projects/999999/preview", {}, token)).status).toBe(404);
  });

  it("keeps an opinion when the project it names is deleted, and says so before", async () => {
    const review = {
      author: "M. G.",
      city: "Valencia",
      service: "reformas-de-cocinas",
      project_id: projectId,
      rating: 5,
      text: "Cumplieron los plazos.",
      reviewed_on: "2026-10-01",
      source: "google",
      consent_proof: "Correo del cliente del 2 de octubre de 2026",
      published: true,
    };
    await expectValidationErrors(
      await t.post(
        "/api/admin/reviews/create",
        { ...review, rating: 6, reviewed_on: "ayer" },
        token,
      ),
      {
        rating: ["El campo «Valoración (1 a 5)» debe ser como máximo 5."],
        reviewed_on: ["Escribe la fecha como 15/10/2026 (día/mes/año)."],
      },
    );
    // Written as people in Spain write a day, it is stored as that day.
    const created = await t.post(
      "/api/admin/reviews/create",
      { ...review, reviewed_on: "1/10/2026" },
      token,
    );
    expect(created.status, await created.clone().text()).toBe(201);
    expect((await json(created)).data.reviewed_on).toBe("2026-10-01");
    const detail = await json(await t.get(`/api/admin/projects/detail/${projectId}`, token));
    expect(JSON.stringify(detail)).toContain("Las opiniones enlazadas (1) se conservan, sin obra.");
    expect((await t.get(`/api/admin/projects/delete/${projectId}`, token)).status).toBe(200);
    const kept = await t.db.select().from(reviews);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ author: "M. G.", project_id: null });
  });

  it("saves a team member with a photo, and refuses a photo that does not exist", async () => {
    const member = {
      name: "Ana Ruiz",
      role: "Jefa de obra",
      photo_id: photoIds[2],
      bio: "Dirige las obras.",
      position: 1,
      published: true,
    };
    expect((await t.post("/api/admin/team/create", member, token)).status).toBe(201);
    await expectValidationErrors(
      await t.post("/api/admin/team/create", { ...member, photo_id: 999_999 }, token),
      { photo_id: ["La foto ya no existe; vuelve a subirla."] },
    );
  });

  it("opens a draft from a won lead with its service and city, copying its photos only with consent", async () => {
    const [lead] = await t.db
      .insert(contacts)
      .values({
        name: "Marta",
        email: "marta@example.test",
        subject: "Baño",
        message: "Hola.",
        service: "reformas-de-banos",
        area: "Alicante",
        status: "nuevo",
      })
      .returning({ id: contacts.id });
    const leadId = lead?.id as number;
    await t.db.insert(leadPhotos).values({
      contact_id: leadId,
      position: 1,
      name: "bano.jpg",
      content_type: "image/jpeg",
      width: 640,
      height: 480,
      bytes: await cameraJpeg(640, 480, 40),
      thumbnail: await cameraJpeg(64, 48, 40),
      original_sha256: Buffer.alloc(32, 40),
    });
    await expectValidationErrors(
      await t.post("/api/admin/projects/from-lead", { lead_id: leadId }, token),
      {
        lead_id: ["Solo se crea una obra de una solicitud marcada como ganada."],
      },
    );
    await t.db.update(contacts).set({ status: "ganado" }).where(eq(contacts.id, leadId));
    await expectValidationErrors(
      await t.post("/api/admin/projects/from-lead", { lead_id: leadId, copy_photos: true }, token),
      {
        consent: [
          "Para copiar las fotos, marca que el cliente lo autorizó e indica quién lo autorizó.",
        ],
      },
    );
    const res = await t.post(
      "/api/admin/projects/from-lead",
      { lead_id: leadId, copy_photos: true, consent: true, consent_by: "Marta, por teléfono" },
      token,
    );
    expect(res.status).toBe(201);
    const id = (await json(res)).id as number;
    const [draft] = await t.db.select().from(projects).where(eq(projects.id, id));
    expect(draft).toMatchObject({
      status: "draft",
      service: "reformas-de-banos",
      city: "Alicante",
      title: "Reforma de baños en Alicante",
      slug: "reforma-de-banos-en-alicante",
      photo_consent_by: "Marta, por teléfono",
      lead_id: leadId,
    });
    expect(draft?.photo_consent_at).toBeInstanceOf(Date);
    const copied = await t.db.select().from(projectPhotos).where(eq(projectPhotos.project_id, id));
    expect(copied.map((p) => [p.stage, p.alt, p.cover])).toEqual([["antes", "", true]]);
  }, 60_000);

  it("makes a new project's address from its title when left empty, and starts it as a draft", async () => {
    const blank = await json(await t.get("/api/admin/projects/create", token));
    expect(blank.parameter_details.status.value).toBe("draft");
    expect(blank.parameter_details.slug.value).toBe("");

    const untitled = project({ title: "Baño en Elche, con ducha", slug: "" });
    expect((await t.post("/api/admin/projects/create", untitled, token)).status).toBe(201);
    const [row] = await t.db
      .select()
      .from(projects)
      .where(eq(projects.title, "Baño en Elche, con ducha"));
    expect(row?.slug).toBe("bano-en-elche-con-ducha");
    // The same title again: the address is taken, and the form says so on its field.
    await expectValidationErrors(await t.post("/api/admin/projects/create", untitled, token), {
      slug: ["Esta dirección ya la usa otra obra; elige otra."],
    });
    // An existing project's address is never emptied.
    const form = await openForm(row?.id as number);
    await expectValidationErrors(
      await t.post(
        "/api/admin/projects/update",
        { ...form.values, slug: "", version: form.version },
        token,
      ),
      {
        slug: [
          "El campo «Dirección en la web (si la dejas vacía, se hace del título)» es obligatorio.",
        ],
      },
    );
    await t.db.delete(projects).where(eq(projects.id, row?.id as number));
  });
});
