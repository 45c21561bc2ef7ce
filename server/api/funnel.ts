import { Hono } from "hono";
import { z } from "zod";
import { funnelSteps, noFunnelService } from "../../content/quote-funnel.ts";
import { serviceChoices } from "../../content/service-choices.ts";
import type { Dependencies } from "../dependencies.ts";
import { countFunnelStep } from "../leads/funnel.ts";
import { log } from "../log.ts";
import { clientKey } from "../rate-limit/client-address.ts";
import { tooManyRequests } from "../rate-limit/throttle.ts";
import { jsonBodyOf, validated } from "../validation.ts";

const services = new Set([...serviceChoices.map((choice) => choice.value), noFunnelService]);
const beaconSteps = new Set<string>(funnelSteps.filter((s) => s.beacon).map((s) => s.value));

const FunnelBeacon = z.object({
  service: z
    .string({ error: "Indica el servicio." })
    .refine((value) => services.has(value), { message: "El servicio no existe." }),
  step: z
    .string({ error: "Indica el paso." })
    .refine((value) => beaconSteps.has(value), { message: "El paso no existe." }),
});

/** A visit opens a few forms at most; this stops a script from inflating the counts. */
const limit = { requests: 30, windowMs: 10 * 60_000 };

/**
 * POST /api/funnel {service, step}: one more visitor reached that step of the quote form
 * (decision 261). 202 with an empty object (every API answer is JSON); unknown services or steps are a 422 naming the field.
 */
export function createFunnelRouter({ db, limiter, env }: Dependencies) {
  const router = new Hono();
  router.post("/", async (c) => {
    const { service, step } = validated(FunnelBeacon, await jsonBodyOf(c));
    const counted = await limiter.hit(
      `funnel:${clientKey(c, env)}`,
      limit.requests,
      limit.windowMs,
    );
    if (!counted.allowed) tooManyRequests(counted, "Demasiadas peticiones. Inténtalo más tarde.");
    await countFunnelStep(db, service, step as "opened");
    return c.json({}, 202);
  });
  return router;
}

/** The server's own count of a stored request («sent»): a failure never touches the request. */
export async function countSent(deps: Pick<Dependencies, "db">, service: string | undefined) {
  await countFunnelStep(deps.db, service ?? noFunnelService, "sent").catch((error) =>
    log.error({ err: error }, "funnel: the sent request was not counted"),
  );
}
