import { eq, sql } from "drizzle-orm";
import { campaigns, mailOutbox } from "../../db/schema.ts";
import { text, textarea } from "../../fields.ts";
import { fail } from "../../http-errors.ts";
import { defineResource } from "../resource.ts";

/** What staff write (decision 102): a one-line subject, a Markdown body. */
export const campaignFields = {
  subject: text("Asunto", { required: true, max: 150 }),
  body: textarea("Contenido (Markdown)", { required: true, max: 50_000 }),
};

/**
 * A sending campaign whose last mail has gone (or been refused for good) shows as sent, even
 * before anyone opens it.
 */
const status = sql<string>`case
  when ${campaigns.status} = 'sending' and not exists (select 1 from ${mailOutbox}
    where ${mailOutbox.campaign_id} = ${campaigns.id} and ${mailOutbox.sent_at} is null
      and ${mailOutbox.failed_at} is null)
  then 'sent' else ${campaigns.status} end`;

const statusLabel = sql<string>`case (${status})
  when 'draft' then 'Borrador' when 'sending' then 'Enviando' else 'Enviada' end`;

/**
 * Campaigns: written and corrected while drafts, then sent once from their own screen
 * (app/admin/routes/campaign.tsx, /api/admin/campaigns/:id/…); a campaign being sent cannot be
 * changed or deleted, a sent one can only be deleted (its mails stay in the outbox).
 */
export const campaignsResource = defineResource({
  key: "campaigns",
  title: "Campañas",
  table: campaigns,
  routes: ["create", "update", "delete"],
  screens: [{ path: "send", label: "Vista previa y envío" }],
  fields: campaignFields,
  list: ["subject", "status_label", "sent_count", "send_started_at", "created_at"],
  columns: {
    status_label: "Estado",
    sent_count: "Enviados",
    send_started_at: "Envío",
    created_at: "Creada",
    sent_at: "Último correo entregado",
  },
  // The code is for the screens; staff read "Estado" (status_label) once in the CSV.
  notExported: ["status"],
  select: {
    id: campaigns.id,
    subject: campaigns.subject,
    body: campaigns.body,
    status: sql<string>`${status}`.as("status"),
    status_label: statusLabel.as("status_label"),
    sent_count: sql<number>`(select count(*)::int from ${mailOutbox}
      where ${mailOutbox.campaign_id} = ${campaigns.id} and ${mailOutbox.sent_at} is not null)`.as(
      "sent_count",
    ),
    send_started_at: campaigns.send_started_at,
    sent_at: campaigns.sent_at,
    created_at: campaigns.created_at,
    updated_at: campaigns.updated_at,
  },
  async authorizeChange(db, change) {
    if (change.action === "create") return;
    const [row] = await db
      .select({ status })
      .from(campaigns)
      .where(eq(campaigns.id, change.id))
      .for("update");
    if (!row || row.status === "draft") return;
    if (change.action === "update") {
      fail(422, {
        title: "Campaña enviada",
        message: "Una campaña que ya se ha enviado no se puede modificar. Crea una nueva.",
      });
    }
    if (row.status === "sending") {
      fail(422, {
        title: "Campaña en envío",
        message: "Esta campaña se está enviando; podrás eliminarla cuando termine el envío.",
      });
    }
  },
});
