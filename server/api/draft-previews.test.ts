// Decision 270: a draft opinion or team member gets a preview link of an hour, as a draft
// project does; the pages read it behind that link only, never in the public lists.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn, staffToken } from "../../tests/support/users.ts";
import { hashToken } from "../auth/tokens.ts";
import { reviews, teamMembers } from "../db/schema.ts";
import { readPortfolio } from "../site-content/portfolio.ts";

describe.skipIf(skipDatabase)("preview links of draft opinions and members", () => {
  const t = perSuite(() => createTestApp());
  let token: string;
  let guest: string;

  beforeAll(async () => {
    token = await staffToken(t.db, "admin");
    guest = await signIn(t.db, (await createUser(t.db, { role: "guest_user" })).id);
  });

  /** Made through the admin's form, as staff do; its id read back from the database. */
  const created = async (resource: "reviews" | "team", body: Record<string, unknown>) => {
    const res = await t.post(`/api/admin/${resource}/create`, body, token);
    expect(res.status, JSON.stringify(await json(res.clone()))).toBe(201);
    const [row] =
      resource === "reviews"
        ? await t.db
            .select()
            .from(reviews)
            .where(eq(reviews.author, String(body.author)))
        : await t.db
            .select()
            .from(teamMembers)
            .where(eq(teamMembers.name, String(body.name)));
    return row?.id as number;
  };

  it("opens a draft opinion and a draft member behind their links only", async () => {
    const reviewId = await created("reviews", {
      author: "J. P.",
      city: "Elche",
      service: "reformas-de-banos",
      rating: 4,
      text: "Muy limpios y puntuales.",
      reviewed_on: "2026-09-20",
      source: "directa",
      consent_proof: "Formulario firmado el 21/09/2026",
      published: false,
    });
    const memberId = await created("team", {
      name: "Pau Serra",
      role: "Encargado",
      bio: "Coordina los oficios en obra.",
      position: 2,
      published: false,
    });

    const reviewLink = await t.post(`/api/admin/reviews/${reviewId}/preview`, {}, token);
    expect(reviewLink.status).toBe(200);
    const reviewUrl = (await json(reviewLink)).url as string;
    expect(reviewUrl).toMatch(/^\/opiniones\/vista-previa\/[\w-]{43}$/);
    const memberLink = await t.post(`/api/admin/team/${memberId}/preview`, {}, token);
    expect(memberLink.status).toBe(200);
    const memberUrl = (await json(memberLink)).url as string;
    expect(memberUrl).toMatch(/^\/team\/vista-previa\/[\w-]{43}$/);

    const portfolio = await readPortfolio(t.db);
    const hashOf = (url: string) => hashToken(url.split("/").pop() as string);
    expect(portfolio.reviewPreviews[hashOf(reviewUrl)]).toMatchObject({
      author: "J. P.",
      text: "Muy limpios y puntuales.",
    });
    expect(portfolio.memberPreviews[hashOf(memberUrl)]).toMatchObject({ name: "Pau Serra" });
    // Drafts stay out of every public list.
    expect(portfolio.reviews.map((r) => r.author)).not.toContain("J. P.");
    expect(portfolio.team.map((m) => m.name)).not.toContain("Pau Serra");

    // A new link replaces the last one.
    await t.post(`/api/admin/team/${memberId}/preview`, {}, token);
    expect((await readPortfolio(t.db)).memberPreviews[hashOf(memberUrl)]).toBeUndefined();
  });

  it("refuses strangers, guests and unknown records", async () => {
    expect((await t.post("/api/admin/reviews/1/preview", {}, undefined)).status).toBe(401);
    expect((await t.post("/api/admin/reviews/1/preview", {}, guest)).status).toBe(403);
    expect((await t.post("/api/admin/team/1/preview", {}, guest)).status).toBe(403);
    const missing = await t.post("/api/admin/team/999999/preview", {}, token);
    expect(missing.status).toBe(404);
    expect((await json(missing)).message).toBe("La persona solicitada no existe.");
    expect((await t.post("/api/admin/reviews/abc/preview", {}, token)).status).toBe(404);
  });
});
