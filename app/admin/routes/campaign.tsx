// /admin/campaigns/send/:id (route admin/:resource/send/:id; online, verify, role; decision 102): one newsletter campaign, its
// counts, the mail as subscribers will get it (sandboxed preview), a test to oneself and the
// send. Loads with clientLoader, writes with clientAction + <Form>; busy texts come from the
// navigation state.
import { useEffect } from "react";
import { Form, Link, useFetcher, useNavigation, useSubmit } from "react-router";
import { CampaignSchedule, CampaignTest } from "~/admin/components/campaign-schedule";
import { Refusal } from "~/admin/components/refusal";
import { ApiError, api } from "~/lib/api";
import { sectionTitle } from "~/lib/auth";
import { askConfirmation } from "~/lib/dialog";
import { noindexMeta } from "~/lib/seo";
import { timeAgo } from "../../../content/time-ago";
import type { Route } from "./+types/campaign";

/** The tab names the campaign once loaded, as a lead's page names the lead (decision 145). */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  noindexMeta(
    {
      title: [
        loaderData?.status === "ready" ? loaderData.campaign.subject : undefined,
        "Campaña",
        sectionTitle("campaigns"),
      ]
        .filter(Boolean)
        .join(" · "),
      description:
        "Área de administración de Obra Mediterránea: vista previa, prueba y envío de una campaña del boletín.",
      keywords: ["administración", "boletín", "campaña", "Obra Mediterránea"],
    },
    matches,
  );

interface Counts {
  queued: number;
  sent: number;
  failed: number;
  /** Refused for good by the mail server (decision 173). */
  refused: number;
  waiting: number;
  unsubscribed: number;
}

interface CampaignSummary {
  id: number;
  subject: string;
  status: "draft" | "sending" | "sent";
  send_started_at: string | null;
  sent_at: string | null;
  /** A draft's scheduled send, and why the last one could not start (decision 259). */
  scheduled_at: string | null;
  schedule_failure: string | null;
  counts: Counts;
  /** How many a send would reach now (a draft's); null once sent. */
  recipients: number | null;
  /** A draft's: the last campaign sent less than 30 days ago, if any (decision 103). */
  recent_send?: { id: number; subject: string; send_started_at: string | null } | null;
}

interface Preview {
  subject: string;
  html: string;
  text: string;
}

type Loaded =
  | { status: "ready"; campaign: CampaignSummary; preview: Preview }
  | { status: "missing" }
  | { status: "failed" };

const statusLabels: Record<CampaignSummary["status"], string> = {
  draft: "Borrador",
  sending: "Enviando",
  sent: "Enviada",
};

export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<Loaded> {
  if (params.resource !== "campaigns" || !/^\d{1,10}$/.test(params.id)) {
    return { status: "missing" };
  }
  try {
    const [summary, preview] = await Promise.all([
      api<{ data: CampaignSummary }>("GET", `admin/campaigns/${params.id}`, undefined, {
        silent: true,
      }),
      api<{ data: Preview }>("GET", `admin/campaigns/${params.id}/preview`, undefined, {
        silent: true,
      }),
    ]);
    return { status: "ready", campaign: summary.data, preview: preview.data };
  } catch (error) {
    console.error(`Campaign ${params.id} could not be loaded`, error);
    return error instanceof ApiError && error.status === 404
      ? { status: "missing" }
      : { status: "failed" };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <p lang="en" className="mx-auto max-w-7xl px-4 py-10 text-ink-soft">
      Loading...
    </p>
  );
}

type ActionResult = { ok: boolean; message: string };

export async function clientAction({
  params,
  request,
}: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "test" && intent !== "send" && intent !== "schedule" && intent !== "unschedule") {
    return { ok: false, message: "Acción desconocida." };
  }
  // Sent only by the forms that showed the warning of a recent send (the send's after its dialog).
  const confirmed = form.get("confirm_frequency") === "true";
  // The test's typed addresses, split at commas, semicolons or spaces; none: to oneself.
  const typed = String(form.get("to") ?? "")
    .split(/[\s,;]+/)
    .filter(Boolean);
  const body =
    intent === "test"
      ? typed.length
        ? { to: typed }
        : {}
      : intent === "schedule"
        ? { at: form.get("at"), ...(confirmed ? { confirm_frequency: true } : {}) }
        : intent === "send" && confirmed
          ? { confirm_frequency: true }
          : {};
  try {
    const answer = await api<{ message: string }>(
      "POST",
      `admin/campaigns/${params.id}/${intent}`,
      body,
      { silent: true },
    );
    return { ok: true, message: answer.message };
  } catch (error) {
    console.error(`Campaign ${params.id}: ${intent} failed`, error);
    const refusal =
      error instanceof ApiError ? (error.body as { message?: unknown } | undefined) : undefined;
    return {
      ok: false,
      message:
        typeof refusal?.message === "string" && error instanceof ApiError && error.status !== 500
          ? refusal.message
          : "No se ha podido completar la acción. Intenta nuevamente.",
    };
  }
}

/** Who a send would reach now, as the screen and its confirmation say it. */
function recipientsText(recipients: number): string {
  if (recipients === 0) return "Ahora no hay suscriptores confirmados: no se enviaría a nadie";
  return recipients === 1
    ? "Se enviará a 1 suscriptor confirmado"
    : `Se enviará a ${recipients.toLocaleString("es-ES")} suscriptores confirmados`;
}

/**
 * SPEC §9's admin date (es-ES long, hours and minutes), written here rather than imported from
 * ~/admin/lib/records: that import split the admin chunks and grew the manifest every public page loads.
 */
const sentAt = new Intl.DateTimeFormat("es-ES", {
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/**
 * The consent text promises "como mucho una vez al mes": before a send less than 30 days after
 * the last, the screen and its confirmation say which campaign went out, and when.
 */
function frequencyWarning(recent: NonNullable<CampaignSummary["recent_send"]>): string {
  const when = recent.send_started_at
    ? ` el ${sentAt.format(new Date(recent.send_started_at))} (${timeAgo(new Date(recent.send_started_at))})`
    : "";
  return `Atención: la última campaña, «${recent.subject}», se envió${when}, y al suscribirse se promete como mucho un correo al mes.`;
}

const button =
  "rounded-md px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus aria-disabled:cursor-wait aria-disabled:opacity-60";

export default function CampaignScreen({ loaderData: loaded, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const busyIntent =
    navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;

  // While the outbox works through the campaign (a few mails a second at most, decision 103),
  // the counts and the state are read again every 5 s, until it says «Enviada». A fetcher
  // (already in every page's framework chunk, unlike useRevalidator) keeps the action's message.
  const progress = useFetcher<typeof clientLoader>();
  const loaderData = progress.data ?? loaded;
  // A scheduled draft is watched too: the screen says when its send has started.
  const sendingNow =
    loaderData.status === "ready" &&
    (loaderData.campaign.status === "sending" || loaderData.campaign.scheduled_at !== null);
  const { load } = progress;
  useEffect(() => {
    if (!sendingNow) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void load(location.pathname);
    }, 5_000);
    return () => clearInterval(timer);
  }, [sendingNow, load]);

  if (loaderData.status === "missing") {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10">
        <h1 className="font-display text-3xl font-semibold text-ink">Campaña no encontrada</h1>
        <p className="mt-4">
          <Link to="/admin/campaigns/index" className="font-medium underline">
            Volver a las campañas
          </Link>
        </p>
      </div>
    );
  }
  if (loaderData.status === "failed") {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10">
        <h1 className="font-display text-3xl font-semibold text-ink">
          {sectionTitle("campaigns")}
        </h1>
        <p role="alert" className="mt-4 text-terracotta-dark">
          No se ha podido cargar la campaña.{" "}
          <Link to="." className="font-medium underline">
            Reintentar
          </Link>
        </p>
      </div>
    );
  }

  const { campaign, preview } = loaderData;
  const { counts } = campaign;
  const draft = campaign.status === "draft";
  const reach = recipientsText(campaign.recipients ?? 0);
  const warning = draft && campaign.recent_send ? frequencyWarning(campaign.recent_send) : null;

  // Busy, not disabled, while a test or the send is on its way (decision 052): a disabled button
  // drops the keyboard's focus to the page. A press meanwhile does nothing.
  const busyProps = {
    "aria-disabled": busyIntent !== undefined || undefined,
    onClick: (event: React.MouseEvent) => {
      if (busyIntent !== undefined) event.preventDefault();
    },
  };

  const confirmSend = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const confirmed = await askConfirmation(
      "¿Enviar la campaña?",
      warning
        ? `${reach}. Una campaña solo se envía una vez. ${warning} ¿La envías de todos modos?`
        : `${reach}. Una campaña solo se envía una vez.`,
      warning ? "Enviar de todos modos" : "Enviar",
    );
    if (confirmed) submit(form);
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <p>
        <Link to="/admin/campaigns/index" className="text-sm font-medium text-ink-soft underline">
          {sectionTitle("campaigns")}
        </Link>
      </p>
      <h1 className="mt-2 font-display text-3xl font-semibold text-ink sm:text-4xl">
        {campaign.subject}
      </h1>
      <p className="mt-2 text-ink-soft">Estado: {statusLabels[campaign.status]}</p>
      {draft ? <p className="mt-1 text-ink">{reach}.</p> : null}
      {warning ? (
        <p className="mt-3 max-w-3xl rounded-md border-l-4 border-terracotta bg-sand-100 px-4 py-3 text-ink">
          {warning} Si la envías ahora, tendrás que confirmarlo.
        </p>
      ) : null}

      <p role="status" aria-live="polite" className="mt-2 min-h-6 text-olive">
        {actionData?.ok ? actionData.message : ""}
      </p>
      <Refusal answer={actionData} />

      <div className="mt-4 flex flex-wrap gap-3">
        {draft ? (
          <Link
            to={`/admin/campaigns/update/${campaign.id}`}
            className={`${button} border border-ink/30 text-ink hover:bg-sand-100`}
          >
            Editar
          </Link>
        ) : null}
        {draft ? (
          <Form method="post" onSubmit={confirmSend}>
            <input type="hidden" name="intent" value="send" />
            {warning ? <input type="hidden" name="confirm_frequency" value="true" /> : null}
            <button
              type="submit"
              {...busyProps}
              className={`${button} bg-terracotta text-white hover:bg-terracotta-dark`}
            >
              {busyIntent === "send" ? "Enviando..." : "Enviar a los suscriptores"}
            </button>
          </Form>
        ) : null}
      </div>

      <div className="mt-8 space-y-6">
        <CampaignTest busy={busyProps} pending={busyIntent === "test"} />
        {draft ? (
          <CampaignSchedule
            scheduled={campaign.scheduled_at}
            failure={campaign.schedule_failure}
            warning={Boolean(warning)}
            busy={busyProps}
            pending={
              busyIntent === "schedule" || busyIntent === "unschedule" ? busyIntent : undefined
            }
          />
        ) : null}
      </div>

      {draft ? null : (
        <dl className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3">
          {(
            [
              ["En cola", counts.queued],
              ["Enviados", counts.sent],
              ["Pendientes", counts.waiting],
              ["Con fallos", counts.failed],
              ["Rechazados (no se reintentan)", counts.refused],
              ["Bajas desde el envío", counts.unsubscribed],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="rounded-lg border border-sand-200 bg-white p-4">
              <dt className="text-sm text-ink-soft">{label}</dt>
              <dd className="font-display text-2xl font-semibold text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      )}

      <h2 className="mt-10 font-display text-xl font-semibold text-ink">Vista previa</h2>
      <p className="mt-1 text-sm text-ink-soft">
        Así la recibirá cada suscriptor, con su propio enlace de baja. El saludo y el pie con la
        firma de la empresa se añaden solos.
      </p>
      <iframe
        title="Vista previa del correo"
        sandbox=""
        srcDoc={preview.html}
        className="mt-4 h-[36rem] w-full rounded-lg border border-sand-200 bg-white"
      />
      <details className="mt-4">
        <summary className="cursor-pointer font-medium text-ink">Versión en texto</summary>
        <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-sand-100 p-4 text-sm">
          {preview.text}
        </pre>
      </details>
    </div>
  );
}
