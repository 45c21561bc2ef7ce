import { type Context, Hono } from "hono";
import { type AuthEnv, requireStaff, requireUser } from "../auth/session.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail } from "../http-errors.ts";
import {
  campaignSummary,
  findCampaign,
  previewCampaign,
  sendCampaign,
  sendTestMail,
} from "../newsletter/campaigns.ts";

/** Test mails a staff member may send themselves in an hour (a slip of the finger, not a cannon). */
const testMailsPerHour = 20;

/** Same rules as every admin route (decision 020): verified staff with the `campaigns` permission. */
function authorize(c: Context<AuthEnv>): void {
  requireStaff(c.var.user, "campaigns");
}

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

  router.post("/:id/test", async (c) => {
    authorize(c);
    const campaign = (await findCampaign(db, pathId(c))) ?? campaignNotFound();
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
    await sendTestMail(deps, campaign, c.var.user);
    return c.json({
      title: "Prueba enviada",
      message: `Te hemos enviado la campaña a ${c.var.user.email}.`,
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
