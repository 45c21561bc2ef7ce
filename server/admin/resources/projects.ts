import { eq, sql } from "drizzle-orm";
import {
  projectBudgets,
  projectLabels,
  projectMessages,
  projectServices,
  projectStatuses,
} from "../../../content/project-fields.ts";
import type { Choice } from "../../../content/quote-request.ts";
import type { Database } from "../../db/client.ts";
import {
  inFull,
  projectPhotos,
  projects,
  reviews,
  sitePhotoFiles,
  sitePhotos,
} from "../../db/schema.ts";
import { checkbox, number, text, textarea } from "../../fields.ts";
import { failValidation } from "../../http-errors.ts";
import { photosExist } from "../../site-photos/store.ts";
import { announcingChanges } from "../content-changes.ts";
import { defineResource, type FormInput } from "../resource.ts";
import { choice, type ProjectPhotoInput, projectPhotoList } from "../site-fields.ts";

const titled = (choices: readonly Choice[]) =>
  choices.map(({ value, label }) => ({ value, title: label }));

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugChecks = { max: 80, patterns: [{ regex: slugPattern, message: projectMessages.slug }] };

/** A slug from words: lower case, no accents, words joined by hyphens. */
export const slugOf = (words: string) =>
  words
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 70) || "obra";

export const projectFields = {
  title: text(projectLabels.title, { required: true, max: 120 }),
  // Left empty on a new project, it is made from the title (staff need not know what a slug is);
  // once the project exists its address is only changed on purpose, never emptied.
  slug: {
    ...text(projectLabels.slug, slugChecks),
    updateInput: text(projectLabels.slug, { ...slugChecks, required: true }).input,
  },
  service: choice(projectLabels.service, projectServices, { required: true }),
  city: text(projectLabels.city, { required: true, max: 80 }),
  province: text(projectLabels.province, { required: true, max: 80 }),
  year: number(projectLabels.year, { required: true, min: 1990, max: 2100 }),
  duration: text(projectLabels.duration, { required: true, max: 60 }),
  budget_band: choice(projectLabels.budget, projectBudgets),
  summary: textarea(projectLabels.summary, { required: true, max: 300 }),
  body: textarea(projectLabels.body, { required: true, max: 20_000 }),
  photos: projectPhotoList(projectLabels.photos),
  featured: checkbox(projectLabels.featured),
  // A new project starts as a draft: publishing is a choice made on purpose.
  status: { ...choice(projectLabels.status, projectStatuses, { required: true }), blank: "draft" },
};

/**
 * A project's photos as its form and its audit entries hold them: in order, each with the
 * smallest JPEG to show it by in the admin.
 */
const photoList = sql<unknown[]>`coalesce((
  select json_agg(json_build_object(
    'photo_id', pp.photo_id, 'stage', pp.stage, 'alt', pp.alt, 'cover', pp.cover,
    'width', sp.width, 'height', sp.height,
    'thumbnail', (select f.hash from ${sitePhotoFiles} f
      where f.photo_id = pp.photo_id and f.format = 'jpeg' order by f.width limit 1))
    order by pp.position)
  from ${projectPhotos} pp join ${sitePhotos} sp on sp.id = pp.photo_id
  where pp.project_id = ${inFull(projects.id)}), '[]'::json)`;

const linkedReviews = sql<number>`(select count(*)::int from ${reviews}
  where ${inFull(reviews.project_id)} = ${inFull(projects.id)})`;

/** Columns a form writes; `published_at` is the first publication's moment, kept after it. */
function projectColumns(input: FormInput): Record<string, unknown> {
  const { id: _id, photos, ...values } = input;
  return {
    ...values,
    // A change of the photos alone is a change of the record: its version moves (409s hold).
    ...(photos !== undefined ? { updated_at: new Date() } : {}),
    ...(values.status === "published"
      ? { published_at: sql`coalesce(${projects.published_at}, now())` }
      : {}),
  };
}

/** The photos exist, and a published project has one (422 on «Fotos» otherwise). */
async function checkPhotos(db: Database, input: FormInput, status: unknown) {
  const photos = input.photos as ProjectPhotoInput[] | undefined;
  if (
    photos &&
    !(await photosExist(
      db,
      photos.map((p) => p.photo_id),
    ))
  ) {
    failValidation({ photos: [projectMessages.photoMissing] });
  }
  if (status === "published" && photos?.length === 0) {
    failValidation({ photos: [projectMessages.publishWithoutPhotos] });
  }
}

/** Replaces a project's photos with the form's list, in its order. */
async function writePhotos(db: Database, projectId: number, photos: ProjectPhotoInput[]) {
  await db.delete(projectPhotos).where(eq(projectPhotos.project_id, projectId));
  if (photos.length === 0) return;
  await db.insert(projectPhotos).values(
    photos.map((photo, index) => ({
      project_id: projectId,
      photo_id: photo.photo_id,
      position: index + 1,
      stage: photo.stage,
      alt: photo.alt,
      cover: photo.cover,
    })),
  );
}

const creating = async (input: FormInput) => ({
  ...projectColumns(input),
  slug: input.slug ?? slugOf(String(input.title)),
  published_at: input.status === "published" ? new Date() : null,
});

const withPublishing = announcingChanges(
  projects,
  creating,
  async (db, id, input) => {
    await checkPhotos(db, input, input.status);
    await writePhotos(db, id, (input.photos as ProjectPhotoInput[]) ?? []);
  },
  async (db, id, input) => {
    if (input.photos !== undefined) await writePhotos(db, id, input.photos as ProjectPhotoInput[]);
  },
);

/**
 * Finished projects (decision 249): drafts until published, public at /obras/{slug}. The
 * photos are site photos uploaded first (POST /api/site-photos), listed in the form in order
 * with their stage and alt text. Deleting one keeps the opinions that name it (decision 251).
 */
export const projectsResource = defineResource({
  key: "projects",
  title: "Obras",
  table: projects,
  routes: ["create", "update", "delete"],
  fields: projectFields,
  list: ["title", "service", "city", "year", "status", "featured", "updated_at"],
  columns: {
    updated_at: "Modificada",
    created_at: "Creada",
    published_at: "Publicada",
    linked_reviews: "Opiniones enlazadas",
    delete_warning: "Al borrarla",
    photo_consent_by: "Fotos de la solicitud autorizadas por",
    photo_consent_at: "Autorizadas el",
  },
  choices: {
    service: titled(projectServices),
    budget_band: titled(projectBudgets),
    status: titled(projectStatuses),
  },
  select: {
    id: projects.id,
    title: projects.title,
    slug: projects.slug,
    service: projects.service,
    city: projects.city,
    province: projects.province,
    year: projects.year,
    duration: projects.duration,
    budget_band: projects.budget_band,
    summary: projects.summary,
    body: projects.body,
    photos: photoList.as("photos"),
    featured: projects.featured,
    status: projects.status,
    published_at: projects.published_at,
    linked_reviews: linkedReviews.as("linked_reviews"),
    // What the delete's confirmation says besides its own words (decision 251).
    delete_warning: sql<string | null>`case when ${linkedReviews} > 0 then
      'Las opiniones enlazadas (' || ${linkedReviews} || ') se conservan, sin obra.' end`.as(
      "delete_warning",
    ),
    photo_consent_by: projects.photo_consent_by,
    photo_consent_at: projects.photo_consent_at,
    created_at: projects.created_at,
    updated_at: projects.updated_at,
  },
  notExported: ["photos", "body", "delete_warning"],
  unique: { field: "slug", message: projectMessages.slugTaken },
  search: [projects.title, projects.city, projects.summary],
  filters: {
    status: {
      kind: "choice",
      title: projectLabels.status,
      on: projects.status,
      options: titled(projectStatuses),
    },
    service: {
      kind: "choice",
      title: projectLabels.service,
      on: projects.service,
      options: titled(projectServices),
    },
    featured: { kind: "boolean", title: "Destacada", on: projects.featured },
  },
  async toColumns(input) {
    return projectColumns(input);
  },
  ...withPublishing,
  async beforeUpdate(db, id, input) {
    const [current] = await db
      .select({
        status: projects.status,
        photos: sql<number>`(select count(*)::int from ${projectPhotos} where ${projectPhotos.project_id} = ${id})`,
      })
      .from(projects)
      .where(eq(projects.id, id));
    const status = input.status ?? current?.status;
    if (input.photos === undefined && status === "published" && current?.photos === 0) {
      failValidation({ photos: [projectMessages.publishWithoutPhotos] });
    }
    await checkPhotos(db, input, status);
  },
});
