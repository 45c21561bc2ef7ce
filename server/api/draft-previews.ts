import { eq, sql } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { type AuthEnv, requireStaff, requireUser } from "../auth/session.ts";
import { generateToken, hashToken } from "../auth/tokens.ts";
import type { reviews, teamMembers } from "../db/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail } from "../http-errors.ts";
import { siteContentChanged } from "../site-content/version.ts";
import { previewHours } from "./projects.ts";

/**
 * A draft opinion's or team member's preview link (decision 270), as a draft project's
 * (decision 250): a new random token whose SHA-256 is kept with an expiry of an hour; the
 * answer is the page that shows the draft as visitors will see it. A new link replaces the last.
 * Mounted after the generic admin router, whose routes win.
 */
export function createDraftPreviewRouter(
  deps: Dependencies,
  section: {
    /** The section's permission: its staff only. */
    resource: "reviews" | "team";
    table: typeof reviews | typeof teamMembers;
    path: (token: string) => string;
    /** What a 404 says. */
    missing: string;
  },
) {
  const { db } = deps;
  const router = new Hono<AuthEnv>();
  router.use("*", requireUser(deps));
  const notFound = (): never => fail(404, { title: "No encontrado", message: section.missing });
  const pathId = (c: Context) => {
    const raw = c.req.param("id") ?? "";
    return /^\d{1,9}$/.test(raw) ? Number(raw) : notFound();
  };

  router.post("/:id/preview", async (c) => {
    requireStaff(c.var.user, section.resource);
    const id = pathId(c);
    const token = generateToken();
    // The pages read open previews with the rest of the content: a new one is a new version.
    const table = section.table as typeof reviews;
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(table)
        .set({
          preview_token_hash: Buffer.from(hashToken(token), "hex"),
          preview_expires_at: sql`now() + make_interval(hours => ${previewHours})`,
        })
        .where(eq(table.id, id))
        .returning({ id: table.id });
      if (updated) await siteContentChanged(tx);
      return updated;
    });
    if (!row) notFound();
    return c.json({ url: section.path(token) });
  });
  return router;
}
