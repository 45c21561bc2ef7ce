import { Hono } from "hono";
import { z } from "zod";
import { subscriptionEmail } from "../admin/resources/subscriptions.ts";
import { subscriptions } from "../db/schema.ts";
import { throttle } from "../rate-limit/throttle.ts";
import type { Services } from "../services.ts";
import { validate } from "../validation.ts";

const SubscriptionRequest = z.object({ email: subscriptionEmail.input });

/** POST /api/subscriptions: the newsletter form in the footer and on the home page. */
export function createSubscriptionsRouter({ db, limiter, env }: Services) {
  const api = new Hono();

  api.post(
    "/",
    throttle({ limiter, env }, { name: "subscribe", limit: 10, windowMs: 10 * 60_000 }),
    validate(SubscriptionRequest),
    async (c) => {
      const { email } = c.req.valid("json");
      // The lower(email) unique index decides; a second subscription (even a concurrent
      // one) is simply not inserted, and the visitor gets the same answer either way.
      await db.insert(subscriptions).values({ email }).onConflictDoNothing();
      return c.json(
        {
          title: "¡Gracias por suscribirte!",
          message: "Te enviaremos nuestras novedades a tu correo electrónico.",
        },
        201,
      );
    },
  );

  return api;
}
