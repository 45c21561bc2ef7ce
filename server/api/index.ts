import { Hono } from "hono";
import type { Services } from "../services.ts";
import { createAdminRouter } from "./admin.ts";
import { createAuthRouter } from "./auth.ts";
import { createContactsRouter } from "./contacts.ts";
import { createEmailVerificationRouter } from "./email-verification.ts";
import { createPasswordResetRouter } from "./password-reset.ts";
import { createSubscriptionsRouter } from "./subscriptions.ts";

/** SPEC §7: one router per resource, mounted under /api. */
export function createApi(services: Services) {
  const api = new Hono();
  api.route("/", createAuthRouter(services));
  api.route("/", createEmailVerificationRouter(services));
  api.route("/", createPasswordResetRouter(services));
  api.route("/contacts", createContactsRouter(services));
  api.route("/subscriptions", createSubscriptionsRouter(services));
  api.route("/admin", createAdminRouter(services));
  return api;
}
