import { type Context, Hono } from "hono";
import { z } from "zod";
import { officeDateTime } from "../../content/office-clock.ts";
import { type AuthEnv, requireStaff, requireUser } from "../auth/session.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail, failValidation } from "../http-errors.ts";
import {
  campaignSummary,
  findCampaign,
  previewCampaign,
  sendCampaign,
  sendTestMail,
} from "../newsletter/campaigns.ts";
import { cancelSchedule, scheduleCampaign } from "../newsletter/schedule.ts";
import { fieldErrors, jsonObject } from "../validation.ts";

/** Test mails a staff member may send themselves in an hour (a slip of the finger, not a cannon). */
const testMailsPerHour = 20;

/** Same rules as every admin route (decision 020): verified staff with the `campaigns` permission. */
function authorize(c: Context<AuthEnv>): void {
  requireStaff(c.var.user, "campaigns");
}

/** How many addresses one test send may go to (decision 259). */
export const testRecipientsLimit = 5;

const address = z.email().max(254);

/**
 * The addresses a test goes to: those staff typed (a list, 1 to 5, each a valid address; the
 * same one twice counts once), or their own when none is given.
 */
function testRecipients(body: Record<string, unknown>, own: string): string[] {
  if (body.to === undefined) return [own];
  const field = { to: "Direcciones de la prueba" };
  const refuse = (message: string): never => failValidation({ to: [message] }, undefined, field);
  if (!Array.isArray(body.to) || body.to.some((entry) => typeof entry !== "string")) {
    refuse("Indica las direcciones de la prueba como una lista de correos.");
  }
  const typed = [
    ...new Set((body.to as string[]).map((entry) => entry.trim().toLowerCase()).filter(Boolean)),
  ];
  if (typed.length === 0) refuse("Escribe al menos una dirección para la prueba.");
  if (typed.length > testRecipientsLimit) {
    refuse(
      `La prueba puede enviarse a ${testRecipientsLimit} direcciones como máximo; has escrito ${typed.length}.`,
    );
  }
  const invalid = typed.filter((entry) => !address.safeParse(entry).success);
  if (invalid.length) {
    refuse(
      invalid.length === 1
        ? `«${invalid[0]}» no es una dirección de correo válida.`
        : `Estas direcciones no son válidas: ${invalid.map((entry) => `«${entry}»`).join(", ")}.`,
    );
  }
  return typed;
}

/** What the live preview renders: the editor's subject and body as they are, even unfinished. */
const previewBody = z.object({
  subject: z
    .string({ error: "El asunto debe ser un texto." })
    .max(150, "El asunto no puede tener más de 150 caracteres."),
  body: z
    .string({ error: "El contenido debe ser un texto." })
    .max(50_000, "El contenido no puede tener más de 50000 caracteres."),
});

const campaignNotFound = (): never =>
  fail(404, { title: "No encontrado", message: "La campaña solicitada no existe." });

const pathId = (c: Context) => {
  const raw = c.req.param("id") ?? "";
  return /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
};

/**
 * A campaign's own screen (decision 102): its summary and counts, the preview, a test to
 * oneself, and the send. Mounted after the generic admin router, whose routes win where both
 * could match (/campaigns/create).
 */
export function createCampaignsRouter(deps: Dependencies) {
  const { db, env, limiter } = deps;
  const router = new Hono<AuthEnv>();
  router.use("*", requireUser(deps));

  router.get("/:id", async (c) => {
    authorize(c);
    const summary = (await campaignSummary(db, pathId(c))) ?? campaignNotFound();
    const { campaign, counts, recipients, recent } = summary;
    return c.json({
      data: {
        id: campaign.id,
        subject: campaign.subject,
        status: campaign.status,
        send_started_at: campaign.send_started_at?.toISOString() ?? null,
        // A draft's scheduled send, and why the last one could not start (decision 259).
        scheduled_at: campaign.scheduled_at?.toISOString() ?? null,
        schedule_failure: campaign.schedule_failure,
        sent_at: campaign.sent_at?.toISOString() ?? null,
        counts,
        recipients,
        // A draft's warning: the last campaign sent less than 30 days ago (decision 103).
        recent_send: recent
          ? {
              id: recent.id,
              subject: recent.subject,
              send_started_at: recent.send_started_at?.toISOString() ?? null,
            }
          : null,
      },
    });
  });

  router.get("/:id/preview", async (c) => {
    authorize(c);
    const campaign = (await findCampaign(db, pathId(c))) ?? campaignNotFound();
    return c.json({ data: previewCampaign(campaign, env.APP_URL) });
  });

  /**
   * The live preview beside the editor (decision 259): what is being typed, rendered as the mail
   * renders it (Markdown with raw HTML shown as text), for the sandboxed frame. Writes nothing.
   */
  router.post("/preview", async (c) => {
    authorize(c);
    const parsed = previewBody.safeParse(jsonObject(await c.req.json().catch(() => null)));
    if (!parsed.success) failValidation(fieldErrors(parsed.error));
    return c.json({ data: previewCampaign(parsed.data, env.APP_URL) });
  });

  router.post("/:id/test", async (c) => {
    authorize(c);
    const campaign = (await findCampaign(db, pathId(c))) ?? campaignNotFound();
    const body = jsonObject(await c.req.json().catch(() => ({})));
    const recipients = testRecipients(body, c.var.user.email);
    // Each address is one mail against the hour's allowance.
    for (const _ of recipients) {
      const quota = await limiter.hit(
        `campaign-test:${c.var.user.id}`,
        testMailsPerHour,
        60 * 60_000,
      );
      if (!quota.allowed) {
        fail(429, {
          title: "Demasiadas pruebas",
          message: "Has enviado muchas pruebas en poco tiempo. Inténtalo de nuevo más tarde.",
        });
      }
    }
    await sendTestMail(deps, campaign, c.var.user, recipients);
    return c.json({
      title: "Prueba enviada",
      message:
        body.to === undefined
          ? `Te hemos enviado la campaña a ${c.var.user.email}.`
          : `Hemos enviado la prueba a ${recipients.join(", ")}.`,
    });
  });

  /** A draft's send at a date and time on the office's clock (decision 259). */
  router.post("/:id/schedule", async (c) => {
    authorize(c);
    if (!(await findCampaign(db, pathId(c)))) campaignNotFound();
    const body = jsonObject(await c.req.json().catch(() => ({})));
    const when = await scheduleCampaign(db, pathId(c), c.var.user, body.at, {
      confirmFrequency: body.confirm_frequency === true,
    });
    return c.json({
      title: "Envío programado",
      message: `La campaña se enviará el ${officeDateTime.format(when)}.`,
      data: { scheduled_at: when.toISOString() },
    });
  });

  router.post("/:id/unschedule", async (c) => {
    authorize(c);
    if (!(await findCampaign(db, pathId(c)))) campaignNotFound();
    await cancelSchedule(db, pathId(c), c.var.user);
    return c.json({
      title: "Envío cancelado",
      message: "Se ha cancelado el envío programado. La campaña sigue en borrador.",
    });
  });

  router.post("/:id/send", async (c) => {
    authorize(c);
    if (!(await findCampaign(db, pathId(c)))) campaignNotFound();
    // `confirm_frequency: true`: staff were warned that the last send is less than 30 days old
    // and send anyway. Anything else (absent, "true", 1) is no confirmation.
    const body = (await c.req.json().catch(() => ({}))) as { confirm_frequency?: unknown };
    const { queued } = await sendCampaign(deps, pathId(c), c.var.user, {
      confirmFrequency: body?.confirm_frequency === true,
    });
    return c.json({
      title: "Campaña en envío",
      message:
        queued === 1
          ? "La campaña se enviará a 1 suscriptor confirmado."
          : `La campaña se enviará a ${queued} suscriptores confirmados.`,
      data: { queued },
    });
  });

  return router;
}
