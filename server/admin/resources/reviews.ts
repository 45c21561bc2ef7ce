import { desc, sql } from "drizzle-orm";
import { z } from "zod";
import { projectServices, reviewLabels, reviewSources } from "../../../content/project-fields.ts";
import type { Choice } from "../../../content/quote-request.ts";
import { inFull, projects, reviews } from "../../db/schema.ts";
import { checkbox, number, selector, text, textarea, withInput } from "../../fields.ts";
import { announcingChanges } from "../content-changes.ts";
import { defineResource } from "../resource.ts";
import { choice } from "../site-fields.ts";

const titled = (choices: readonly Choice[]) =>
  choices.map(({ value, label }) => ({ value, title: label }));

/** A calendar day as staff write it; the database refuses one that does not exist. */
const dayPattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * «15/10/2026», as people in Spain write a day (also with - or .), as the day 2026-10-15; any
 * other text is left for the pattern to refuse.
 */
function dayAsIso(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const spanish = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(value);
  if (!spanish) return value;
  const [, day = "", month = "", year = ""] = spanish;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/** The opinion's day: written as staff write it (15/10/2026) or as stored (2026-10-15). */
function reviewDay() {
  const field = text(reviewLabels.date, {
    required: true,
    max: 10,
    patterns: [{ regex: dayPattern, message: "Escribe la fecha como 15/10/2026 (día/mes/año)." }],
  });
  return withInput(field, { create: z.preprocess(dayAsIso, field.input) });
}

export const reviewFields = {
  author: text(reviewLabels.author, { required: true, max: 80, personName: true }),
  city: text(reviewLabels.city, { required: true, max: 80 }),
  service: choice(reviewLabels.service, projectServices, { required: true }),
  project_id: selector(reviewLabels.project, async (db) =>
    db
      .select({ id: projects.id, title: projects.title })
      .from(projects)
      .orderBy(desc(projects.updated_at)),
  ),
  rating: number(reviewLabels.rating, { required: true, min: 1, max: 5 }),
  text: textarea(reviewLabels.text, { required: true, max: 2000 }),
  reviewed_on: reviewDay(),
  source: choice(reviewLabels.source, reviewSources, { required: true }),
  consent_proof: textarea(reviewLabels.consent, { required: true, max: 500 }),
  published: checkbox(reviewLabels.published),
};

/**
 * Client opinions (decision 251): shown on the pages of their service and project, and on the
 * home page, only when published, and only with the client's consent recorded beside them.
 */
export const reviewsResource = defineResource({
  key: "reviews",
  title: "Opiniones",
  table: reviews,
  routes: ["create", "update", "delete"],
  fields: reviewFields,
  list: ["author", "rating", "service", "city", "source", "reviewed_on", "published"],
  columns: { project_title: "Obra enlazada", created_at: "Creada", updated_at: "Modificada" },
  choices: { service: titled(projectServices), source: titled(reviewSources) },
  select: {
    id: reviews.id,
    author: reviews.author,
    city: reviews.city,
    service: reviews.service,
    project_id: reviews.project_id,
    project_title: sql<string | null>`(select ${projects.title} from ${projects}
      where ${inFull(projects.id)} = ${inFull(reviews.project_id)})`.as("project_title"),
    rating: reviews.rating,
    text: reviews.text,
    reviewed_on: reviews.reviewed_on,
    source: reviews.source,
    consent_proof: reviews.consent_proof,
    published: reviews.published,
    created_at: reviews.created_at,
    updated_at: reviews.updated_at,
  },
  ...announcingChanges(reviews, async ({ id: _id, ...values }) => values),
  recordTitle: (record) => `${record.author} — ${record.rating}/5`,
  search: [reviews.author, reviews.city, reviews.text],
  filters: {
    published: { kind: "boolean", title: reviewLabels.published, on: reviews.published },
    source: {
      kind: "choice",
      title: reviewLabels.source,
      on: reviews.source,
      options: titled(reviewSources),
    },
  },
});
