import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { company } from "../../content/company.ts";
import { subscriptionEmail } from "../admin/resources/subscriptions.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail } from "../http-errors.ts";
import { testToken } from "../newsletter/campaigns.ts";
import {
  confirmSubscription,
  requestSubscription,
  unsubscribe,
  unsubscribePagePath,
} from "../newsletter/subscriptions.ts";
import { clientIp, clientKey } from "../rate-limit/client-address.ts";
import { throttle, tooManyRequests } from "../rate-limit/throttle.ts";
import { validate } from "../validation.ts";

/** SPEC §7's body (email); the form also says which consent text it showed and where. */
const SubscriptionRequest = z.object({
  email: subscriptionEmail.input,
  consent_version: z.string().max(40).optional().catch(undefined),
  page: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/)
    .optional()
    .catch(undefined),
});

const LinkRequest = z.object({ token: z.string().max(200).optional().catch(undefined) });

const invalidLink = {
  title: "Enlace no válido",
  message:
    "Este enlace no es válido o ha caducado. Comprueba que lo has copiado entero o suscríbete de nuevo desde el pie de cualquier página.",
};

/**
 * An unsubscribe link that matches nothing: its reader wants to leave, so it says how, never
 * "subscribe again" (decision 101).
 */
const invalidUnsubscribeLink = {
  title: "Enlace no válido",
  message: `Este enlace de baja no es válido. Comprueba que lo has copiado entero. Si sigues recibiendo nuestro boletín, usa el enlace de baja del último correo o escríbenos a ${company.email} y te daremos de baja.`,
};

/**
 * Links that matched nothing, per client address: 30 in 10 minutes, then 429. Only failures
 * count: mail providers send every one-click unsubscribe of their users from a few shared
 * servers and never retry a refusal, so a real link is always honoured, however many came
 * from the same address (decision 101). The 256-bit tokens cannot be guessed anyway;
 * the limit only slows a client sending made-up links.
 */
const failedLinks = { limit: 30, windowMs: 10 * 60_000 };

/**
 * POST /api/subscriptions: the newsletter form in the footer and on the home page (double
 * opt-in, decision 101); POST /confirm and /unsubscribe: the links of the newsletter mails.
 */
export function createSubscriptionsRouter(deps: Dependencies) {
  const { db, limiter, env } = deps;
  const api = new Hono();
  /** A link that matched nothing: counted, then refused as such, or with 429 past the limit. */
  const refuseLink = async (c: Context, refusal = invalidLink): Promise<never> => {
    const key = `newsletter-link-failed:${clientKey(c, env)}`;
    const result = await limiter.hit(key, failedLinks.limit, failedLinks.windowMs);
    if (!result.allowed) tooManyRequests(result);
    return fail(400, refusal);
  };

  api.post(
    "/",
    throttle({ limiter, env }, { name: "subscribe", limit: 10, windowMs: 10 * 60_000 }),
    validate(SubscriptionRequest),
    async (c) => {
      const body = c.req.valid("json");
      await requestSubscription(deps, {
        email: body.email,
        consentVersion: body.consent_version,
        page: body.page,
        ip: clientIp(c, env),
      });
      // The same answer whether the address is new, pending, confirmed or unsubscribed.
      return c.json(
        {
          title: "Revisa tu correo",
          message:
            "Te hemos enviado un enlace para confirmar la suscripción. Hasta que lo abras no te enviaremos nada.",
        },
        201,
      );
    },
  );

  api.post("/confirm", validate(LinkRequest), async (c) => {
    const { token } = c.req.valid("json");
    if (!token || !(await confirmSubscription(deps, token))) await refuseLink(c);
    return c.json({
      title: "Suscripción confirmada",
      message:
        "¡Gracias! Desde ahora recibirás nuestro boletín. Cada correo trae un enlace para darte de baja.",
    });
  });

  // The List-Unsubscribe address opened in a browser (mail apps that know only RFC 2369's
  // header do that), or fetched by a link scanner: 303 to the page, whose button unsubscribes.
  // Nothing changes on a GET (RFC 8058 §3). HEAD is answered alike.
  // Like every answer of the API, it carries JSON, which browsers do not show.
  api.get("/unsubscribe", (c) => {
    const token = c.req.query("token");
    return c.json(
      {
        title: "Página de baja",
        message: "Pulsa «Darme de baja» en la página de baja para dejar de recibir el boletín.",
      },
      303,
      { Location: unsubscribePagePath(token && encodeURIComponent(token)) },
    );
  });

  // RFC 8058: mail clients POST `List-Unsubscribe=One-Click` to the URL in the mail's
  // List-Unsubscribe header (token in the query), whatever body type they name (server/app.ts
  // lets any through here); the /newsletter/baja page posts JSON.
  api.post("/unsubscribe", async (c) => {
    const fromQuery = c.req.query("token");
    const fromBody = c.req.header("content-type")?.includes("application/json")
      ? LinkRequest.safeParse(await c.req.json().catch(() => ({}))).data?.token
      : undefined;
    const token = fromQuery ?? fromBody;
    // The token in the address is the List-Unsubscribe header's (a mail program's button); the
    // page posts it in its JSON. Kept with the blocked proof of consent (decision 168).
    const how = fromQuery ? "one_click" : "page";
    // Staff trying the link of a campaign's test mail: nobody to unsubscribe, and they are told
    // why rather than "no válido" (decision 102).
    if (token === testToken) {
      return c.json({
        title: "Correo de prueba",
        message:
          "Este es el enlace de baja de un correo de prueba: no da de baja a nadie. En el correo que reciben los suscriptores, este mismo botón da de baja a quien lo pulsa.",
      });
    }
    if (!token || !(await unsubscribe(db, token, how))) {
      await refuseLink(c, invalidUnsubscribeLink);
    }
    return c.json({
      title: "Baja confirmada",
      message: "No volverás a recibir nuestro boletín en esta dirección.",
    });
  });

  return api;
}
