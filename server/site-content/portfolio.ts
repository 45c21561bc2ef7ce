/**
 * The portfolio section (decisions 249-251): published projects with their photos and
 * opinions, published opinions and members, and drafts behind an open preview link. Read once
 * per published version on each instance (server/site-content/site-content.ts).
 */
import { and, asc, desc, eq, gt } from "drizzle-orm";
import { projectBudgets, projectServices, reviewSources } from "../../content/project-fields.ts";
import type {
  Portfolio,
  PublicPhoto,
  PublicProject,
  PublicReview,
} from "../../content/projects.ts";
import type { Database } from "../db/client.ts";
import { projectPhotos, projects, reviews, teamMembers } from "../db/schema.ts";
import { sitePhotoViews } from "../site-photos/store.ts";
import { projectBodyHtml } from "./project-markdown.ts";

const label = (choices: readonly { value: string; label: string }[], value: string | null) =>
  choices.find((choice) => choice.value === value)?.label ?? value ?? "";

export async function readPortfolio(db: Database): Promise<Portfolio> {
  const now = new Date();
  const projectRows = await db
    .select()
    .from(projects)
    .orderBy(desc(projects.year), desc(projects.published_at), desc(projects.id));
  const photoRows = await db.select().from(projectPhotos).orderBy(asc(projectPhotos.position));
  const reviewRows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.published, true))
    .orderBy(desc(reviews.reviewed_on), desc(reviews.id));
  // Drafts behind an open preview link (decision 270): shown only on their preview page.
  const draftReviewRows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.published, false), gt(reviews.preview_expires_at, now)));
  const memberRows = await db
    .select()
    .from(teamMembers)
    .where(eq(teamMembers.published, true))
    .orderBy(asc(teamMembers.position), asc(teamMembers.name));
  const draftMemberRows = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.published, false), gt(teamMembers.preview_expires_at, now)));
  const views = await sitePhotoViews(db, [
    ...photoRows.map((p) => p.photo_id),
    ...[...memberRows, ...draftMemberRows].flatMap((m) => (m.photo_id ? [m.photo_id] : [])),
  ]);
  const slugOf = new Map(
    projectRows.filter((p) => p.status === "published").map((p) => [p.id, p.slug]),
  );
  const toReview = (
    r: (typeof reviewRows)[number],
  ): PublicReview & { projectId: number | null } => ({
    id: r.id,
    author: r.author,
    city: r.city,
    service: r.service,
    serviceTitle: label(projectServices, r.service),
    projectId: r.project_id,
    projectSlug: (r.project_id && slugOf.get(r.project_id)) || null,
    rating: r.rating,
    text: r.text,
    date: r.reviewed_on,
    source: label(reviewSources, r.source),
  });
  const publicReviews = reviewRows.map(toReview);
  const toPublic = (row: (typeof projectRows)[number]): PublicProject => {
    const photos: PublicPhoto[] = photoRows
      .filter((p) => p.project_id === row.id)
      .flatMap((p) => {
        const view = views.get(p.photo_id);
        return view ? [{ ...view, alt: p.alt, stage: p.stage, cover: p.cover }] : [];
      });
    return {
      slug: row.slug,
      title: row.title,
      service: row.service,
      serviceTitle: label(projectServices, row.service),
      city: row.city,
      province: row.province,
      year: row.year,
      duration: row.duration,
      budget: row.budget_band ? label(projectBudgets, row.budget_band) : null,
      summary: row.summary,
      bodyHtml: projectBodyHtml(row.body),
      featured: row.featured,
      photos,
      cover: photos.find((p) => p.cover) ?? photos[0] ?? null,
      reviews: publicReviews
        .filter((r) => r.projectId === row.id)
        .map(({ projectId: _, ...review }) => review),
    };
  };
  const toMember = (m: (typeof memberRows)[number]) => ({
    name: m.name,
    role: m.role,
    bio: m.bio,
    photo: (m.photo_id && views.get(m.photo_id)) || null,
  });
  const previews: Record<string, PublicProject> = {};
  for (const row of projectRows) {
    if (row.preview_token_hash && row.preview_expires_at && row.preview_expires_at > now) {
      previews[row.preview_token_hash.toString("hex")] = toPublic(row);
    }
  }
  return {
    projects: projectRows.filter((p) => p.status === "published").map(toPublic),
    previews,
    reviews: publicReviews.map(({ projectId: _, ...review }) => review),
    team: memberRows.map(toMember),
    reviewPreviews: Object.fromEntries(
      draftReviewRows.flatMap((r) => {
        const { projectId: _, ...review } = toReview(r);
        return r.preview_token_hash ? [[r.preview_token_hash.toString("hex"), review]] : [];
      }),
    ),
    memberPreviews: Object.fromEntries(
      draftMemberRows.flatMap((m) =>
        m.preview_token_hash
          ? [[m.preview_token_hash.toString("hex"), { ...toMember(m), position: m.position }]]
          : [],
      ),
    ),
  };
}
