import { Hono } from "hono";
import { memberPreviewPath, reviewPreviewPath } from "../../content/projects.ts";
import type { AppTimings } from "../app.ts";
import { reviews, teamMembers } from "../db/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { createAccountSessionsRouter } from "./account-sessions.ts";
import { createAdminRouter } from "./admin.ts";
import { createCompanyRouter } from "./admin-company.ts";
import { createAuthRouter } from "./auth.ts";
import { createCampaignsRouter } from "./campaigns.ts";
import { createContactsRouter } from "./contacts.ts";
import { createDraftPreviewRouter } from "./draft-previews.ts";
import { createEmailVerificationRouter } from "./email-verification.ts";
import { createFunnelRouter } from "./funnel.ts";
import { createLeadSourcesRouter } from "./lead-sources.ts";
import { createMyRequestsRouter } from "./my-requests.ts";
import { createPasswordResetRouter } from "./password-reset.ts";
import { createProjectsRouter } from "./projects.ts";
import { createSitePhotosRouter } from "./site-photos.ts";
import { createSubscriptionsRouter } from "./subscriptions.ts";
import { createTwoFactorRouter } from "./two-factor.ts";

/** SPEC §7: one router per resource, mounted under /api. */
export function createApi(deps: Dependencies, timings: AppTimings = {}) {
  const api = new Hono();
  api.route("/", createAuthRouter(deps));
  api.route("/", createEmailVerificationRouter(deps));
  api.route("/", createPasswordResetRouter(deps, timings));
  api.route("/contacts", createContactsRouter(deps));
  api.route("/subscriptions", createSubscriptionsRouter(deps));
  // The quote form's step funnel (decision 264).
  api.route("/funnel", createFunnelRouter(deps));
  // Additions (decisions 220, 221): a staff member's second factor and one's own sessions.
  api.route("/two-factor", createTwoFactorRouter(deps));
  api.route("/sessions", createAccountSessionsRouter(deps));
  // A visitor's own requests, «Mis solicitudes» (decisions 263, 267, 268).
  api.route("/my-requests", createMyRequestsRouter(deps));
  // The one company record (decision 245), before the generic /admin/{resource}.
  api.route("/admin/company", createCompanyRouter(deps));
  // Before the generic admin, whose /:resource patterns would take its paths (decision 261).
  api.route("/admin/sources", createLeadSourcesRouter(deps));
  api.route("/admin", createAdminRouter(deps));
  api.route("/admin/campaigns", createCampaignsRouter(deps));
  // Addition (decision 248): photos staff upload for the public pages.
  api.route("/site-photos", createSitePhotosRouter(deps));
  api.route("/admin/projects", createProjectsRouter(deps));
  // A draft opinion's or member's preview link (decision 270).
  api.route(
    "/admin/reviews",
    createDraftPreviewRouter(deps, {
      resource: "reviews",
      table: reviews,
      path: reviewPreviewPath,
      missing: "La opinión solicitada no existe.",
    }),
  );
  api.route(
    "/admin/team",
    createDraftPreviewRouter(deps, {
      resource: "team",
      table: teamMembers,
      path: memberPreviewPath,
      missing: "La persona solicitada no existe.",
    }),
  );
  return api;
}
