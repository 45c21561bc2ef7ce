// A campaign's send scheduled for a date and time (decision 259). Staff pick a moment on the
// office's clock (Europe/Madrid); every instance checks on a timer for drafts that are due, and
// the draft → sending step of `startSend` (one UPDATE, under the send lock) is the claim: the
// instance that makes it queues the mails, any other finds the campaign no longer a draft. The
// outbox then delivers them at the configured rate, as for a send made by hand.
import { and, asc, eq, isNotNull, lte, sql } from "drizzle-orm";
import { HTTPException } from "hono/http-exception";
import { OFFICE_TIME_ZONE, officeDateTime } from "../../content/office-clock.ts";
import { type AuditActor, recordAudit } from "../audit-log.ts";
import type { UserView } from "../auth/user-view.ts";
import type { Database } from "../db/client.ts";
import { campaigns, users } from "../db/schema.ts";
import type { Dependencies } from "../dependencies.ts";
import { fail, failValidation } from "../http-errors.ts";
import { log } from "../log.ts";
import { repeat } from "../repeat.ts";
import { minimumDaysBetweenSends, recentSend, startSend } from "./campaigns.ts";

/** How far ahead a send may be scheduled. */
const latestDays = 365;

/** "2026-12-01T09:30", as an <input type="datetime-local"> sends it, and a real day and time. */
function wallTime(value: unknown): string {
  const text = typeof value === "string" ? value.trim() : "";
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  const asUtc = match ? new Date(`${text}:00Z`) : undefined;
  if (!asUtc || Number.isNaN(asUtc.getTime()) || asUtc.toISOString().slice(0, 16) !== text) {
    failValidation({ at: ["Indica el día y la hora del envío."] }, undefined, {
      at: "Fecha y hora del envío",
    });
  }
  return text;
}

/**
 * Schedules a draft's send for `at`, a wall time in Madrid (summer time as PostgreSQL knows it).
 * Refused: a time not in the future or more than a year ahead (422), a campaign that is no longer
 * a draft (409), a send within 30 days of the last unless staff confirmed it (409, as a send
 * now, decision 103: the warning is given when scheduling, so the send itself needs none).
 */
export async function scheduleCampaign(
  db: Database,
  id: number,
  actor: UserView,
  at: unknown,
  { confirmFrequency = false }: { confirmFrequency?: boolean } = {},
): Promise<Date> {
  const local = wallTime(at);
  const moment = sql`(${local}::timestamp at time zone ${OFFICE_TIME_ZONE})`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: campaigns.status,
        subject: campaigns.subject,
        future: sql<boolean>`${moment} > now()`,
        near: sql<boolean>`${moment} <= now() + make_interval(days => ${latestDays})`,
      })
      .from(campaigns)
      .where(eq(campaigns.id, id))
      .for("update");
    if (!row) fail(404, { title: "No encontrado", message: "La campaña solicitada no existe." });
    if (row.status !== "draft") {
      fail(409, {
        title: "Campaña ya enviada",
        message: "Esta campaña ya se ha enviado o se está enviando; no se puede programar.",
      });
    }
    const title = { at: "Fecha y hora del envío" };
    if (!row.future) {
      failValidation(
        { at: ["El envío debe programarse para un momento futuro."] },
        undefined,
        title,
      );
    }
    if (!row.near) {
      failValidation(
        { at: ["El envío puede programarse como mucho con un año de antelación."] },
        undefined,
        title,
      );
    }
    const recent = confirmFrequency ? undefined : await recentSend(tx, id);
    if (recent?.send_started_at) {
      fail(409, {
        title: "Campaña demasiado seguida",
        message: `La última campaña, «${recent.subject}», se envió el ${officeDateTime.format(recent.send_started_at)}, y al suscribirse se promete como mucho un correo cada ${minimumDaysBetweenSends} días. Si aun así debe programarse, confírmalo.`,
      });
    }
    const [scheduled] = await tx
      .update(campaigns)
      .set({ scheduled_at: moment, scheduled_by: actor.id, schedule_failure: null })
      .where(eq(campaigns.id, id))
      .returning({ scheduled_at: campaigns.scheduled_at });
    const when = scheduled?.scheduled_at as Date;
    await recordAudit(tx, actor, {
      action: "schedule",
      resource: "campaigns",
      recordId: id,
      recordTitle: row.subject,
      details: {
        scheduled_at: when.toISOString(),
        ...(confirmFrequency ? { confirm_frequency: true } : {}),
      },
    });
    return when;
  });
}

/** Takes a scheduled send back before it starts; a send under way or done is a 409. */
export async function cancelSchedule(db: Database, id: number, actor: UserView): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ scheduled_at: null, scheduled_by: null })
      .where(
        and(eq(campaigns.id, id), eq(campaigns.status, "draft"), isNotNull(campaigns.scheduled_at)),
      )
      .returning({ subject: campaigns.subject });
    if (!row) {
      fail(409, {
        title: "Nada que cancelar",
        message:
          "Esta campaña no tiene un envío programado pendiente: ya ha empezado a enviarse o se canceló.",
      });
    }
    await recordAudit(tx, actor, {
      action: "unschedule",
      resource: "campaigns",
      recordId: id,
      recordTitle: row.subject,
    });
  });
}

/** Whom a scheduled send's audit entry names: who scheduled it, or the schedule itself. */
async function schedulerOf(db: Database, userId: number | null): Promise<AuditActor> {
  const [user] = userId
    ? await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, userId))
    : [];
  return user ?? { id: null, name: "Envío programado", email: "" };
}

/**
 * Starts every scheduled send that is due; answers how many this call started. Safe to run on
 * every instance at once: `startSend`'s claim lets one of them send each campaign.
 */
export async function sendDueCampaigns(
  deps: Pick<Dependencies, "db" | "env" | "mail">,
): Promise<number> {
  const due = await deps.db
    .select({ id: campaigns.id, scheduled_by: campaigns.scheduled_by })
    .from(campaigns)
    .where(and(eq(campaigns.status, "draft"), lte(campaigns.scheduled_at, sql`now()`)))
    .orderBy(asc(campaigns.scheduled_at));
  let started = 0;
  for (const campaign of due) {
    const actor = await schedulerOf(deps.db, campaign.scheduled_by);
    try {
      const result = await startSend(deps, campaign.id, actor, {
        confirmFrequency: true,
        due: true,
      });
      if (!result) continue;
      started += 1;
      log.info(
        { campaign: campaign.id, queued: result.queued },
        "newsletter: scheduled send started",
      );
    } catch (error) {
      if (!(error instanceof HTTPException)) throw error;
      // A refusal (nobody to send to): the campaign stays a draft, unscheduled, and says why.
      const { message } = (await error.getResponse().json()) as { message: string };
      await deps.db
        .update(campaigns)
        .set({ scheduled_at: null, schedule_failure: message })
        .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, "draft")));
      log.warn({ campaign: campaign.id, reason: message }, "newsletter: scheduled send refused");
    }
  }
  return started;
}

/** Checks for due scheduled sends every `everyMs` (15 s: a send starts at most that late). */
export function sendScheduledCampaigns(
  deps: Pick<Dependencies, "db" | "env" | "mail">,
  everyMs = 15_000,
): { stop(): Promise<void> } {
  return repeat(async () => {
    try {
      await sendDueCampaigns(deps);
    } catch (error) {
      log.warn(
        { err: error },
        "newsletter: scheduled sends not checked, the next turn tries again",
      );
    }
  }, everyMs);
}
