// /admin/:resource/fuentes (issue 36; decisions 261, 262), for :resource = contacts: where the
// leads came from, per month of arrival, channel, source and campaign (leads, quotes sent, won,
// won value), and Google Ads' offline-conversion file for a range of days. Staff-only: it lives
// in the admin's chunk and reads content/lead-sources.ts, which the public site never loads.
import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { ScreenLoading } from "~/admin/components/screen-loading";
import { adminMeta } from "~/admin/lib/actions";
import { downloadFile } from "~/admin/lib/download";
import { SubmitButton } from "~/components/account/form-controls";
import { api } from "~/lib/api";
import {
  noCampaignTitle,
  noSourceTitle,
  type SourceRow,
  sourceChannels,
} from "../../../content/lead-sources";
import { officeDay } from "../../../content/office-clock";
import { funnelSteps, noFunnelService } from "../../../content/quote-funnel";
import { serviceChoices } from "../../../content/service-choices";
import type { Route } from "./+types/sources";

export const meta = (args: Parameters<ReturnType<typeof adminMeta>>[0]) =>
  adminMeta("sources")(args, "Fuentes");

interface FunnelCount {
  service: string;
  step: string;
  count: number;
}

type Report =
  | { status: "ready"; from: string; to: string; rows: SourceRow[]; funnel: FunnelCount[] }
  | { status: "failed" };

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<Report> {
  const query = new URL(request.url).searchParams;
  const asked = new URLSearchParams();
  for (const name of ["from", "to"]) if (query.get(name)) asked.set(name, query.get(name) ?? "");
  try {
    const report = await api<{
      from: string;
      to: string;
      rows: SourceRow[];
      funnel: FunnelCount[];
    }>("GET", `admin/sources?${asked.toString()}`);
    return { status: "ready", ...report };
  } catch (error) {
    console.error("Sources report failed", error);
    return { status: "failed" };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <ScreenLoading width="max-w-7xl" />;
}

const channelTitle = (value: string) =>
  sourceChannels.find((channel) => channel.value === value)?.title ?? value;
const euros = new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" });
const monthTitle = (month: string) =>
  new Intl.DateTimeFormat("es-ES", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

export default function SourcesReport({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  if (loaderData.status === "failed") {
    return (
      <div className="mx-auto max-w-7xl p-4 md:p-6">
        <h1 className="font-display text-2xl font-semibold">Fuentes</h1>
        <p role="alert">
          No se ha podido cargar el informe. Revisa las fechas e inténtalo de nuevo.
        </p>
      </div>
    );
  }
  const months = [...new Set(loaderData.rows.map((row) => row.month))];
  return (
    <div className="mx-auto max-w-7xl space-y-8 p-4 md:p-6">
      <h1 className="font-display text-2xl font-semibold">Fuentes</h1>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm font-medium">
          Desde (mes)
          <input
            type="month"
            name="from"
            defaultValue={search.get("from") ?? loaderData.from}
            className="rounded-md border border-sand-300 px-2 py-1"
          />
        </label>
        <label className="flex flex-col text-sm font-medium">
          Hasta (mes)
          <input
            type="month"
            name="to"
            defaultValue={search.get("to") ?? loaderData.to}
            className="rounded-md border border-sand-300 px-2 py-1"
          />
        </label>
        <button type="submit" className="rounded-md bg-ink px-4 py-2 text-plaster">
          Ver
        </button>
      </Form>
      <p className="text-ink-soft">
        Cada solicitud cuenta en el mes en que llegó, aunque el presupuesto o la obra llegaran
        después.
      </p>
      {months.length ? (
        months.map((month) => (
          <table key={month} className="w-full border-collapse text-left text-sm">
            <caption className="pb-2 text-left font-semibold first-letter:uppercase">
              {monthTitle(month)}
            </caption>
            <thead>
              <tr className="border-sand-200 border-b">
                <th scope="col">Origen</th>
                <th scope="col">Fuente</th>
                <th scope="col">Campaña</th>
                <th scope="col" className="text-right">
                  Solicitudes
                </th>
                <th scope="col" className="text-right">
                  Presupuestos enviados
                </th>
                <th scope="col" className="text-right">
                  Ganadas
                </th>
                <th scope="col" className="text-right">
                  Importe ganado
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.rows
                .filter((row) => row.month === month)
                .map((row) => (
                  <tr
                    key={`${row.channel}|${row.source}|${row.campaign}`}
                    className="border-sand-100 border-b"
                  >
                    <td>
                      <Link
                        className="underline"
                        to={`/admin/contacts/index?source=${row.channel}${row.campaign ? `&campaign=${encodeURIComponent(row.campaign)}` : ""}`}
                      >
                        {channelTitle(row.channel)}
                      </Link>
                    </td>
                    <td>{row.source ?? noSourceTitle}</td>
                    <td>{row.campaign ?? noCampaignTitle}</td>
                    <td className="text-right">{row.leads}</td>
                    <td className="text-right">{row.quoted}</td>
                    <td className="text-right">{row.won}</td>
                    <td className="text-right">{euros.format(row.won_value)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
        ))
      ) : (
        <p>No llegó ninguna solicitud en esos meses.</p>
      )}
      <StepFunnel counts={loaderData.funnel} />
      <OfflineConversions />
    </div>
  );
}

/** How many visitors reached each step of the quote form, per service (decision 261). */
function StepFunnel({ counts }: { counts: FunnelCount[] }) {
  const services = [...new Set(counts.map((row) => row.service))];
  const countOf = (service: string, step: string) =>
    counts.find((row) => row.service === service && row.step === step)?.count ?? 0;
  return (
    <section aria-labelledby="step-funnel" className="space-y-3">
      <h2 id="step-funnel" className="font-display text-xl font-semibold">
        Formulario de presupuesto, paso a paso
      </h2>
      {services.length ? (
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-sand-200 border-b">
              <th scope="col">Servicio</th>
              {funnelSteps.map((step) => (
                <th key={step.value} scope="col" className="text-right">
                  {step.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {services.map((service) => (
              <tr key={service} className="border-sand-100 border-b">
                <td>{serviceTitle(service)}</td>
                {funnelSteps.map((step) => (
                  <td key={step.value} className="text-right">
                    {countOf(service, step.value)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Nadie abrió el formulario en esos meses.</p>
      )}
    </section>
  );
}

const serviceTitle = (value: string) =>
  value === noFunnelService
    ? "Sin elegir"
    : (serviceChoices.find((choice) => choice.value === value)?.label ?? value);

/** Google Ads' import file for a range of days (decision 262). */
function OfflineConversions() {
  // Madrid's day: between midnight and 01:00-02:00 in Madrid the UTC day is still yesterday.
  const today = officeDay(new Date());
  const [said, setSaid] = useState("");
  const [busy, setBusy] = useState(false);
  async function download(form: HTMLFormElement) {
    const query = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    setBusy(true);
    try {
      await downloadFile(`/api/admin/sources/conversions?${query.toString()}`, "conversiones.csv");
      setSaid("Archivo de conversiones descargado.");
    } catch (error) {
      console.error("Offline conversions failed", error);
      setSaid("No se ha podido descargar. Revisa las fechas e inténtalo de nuevo.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="offline-conversions" className="space-y-3">
      <h2 id="offline-conversions" className="font-display text-xl font-semibold">
        Conversiones para Google Ads
      </h2>
      <p className="text-ink-soft">
        Las solicitudes ganadas en esas fechas que llegaron de un anuncio con el permiso del
        visitante, en el archivo que Google Ads importa (Objetivos › Conversiones › Subidas).
      </p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void download(event.currentTarget);
        }}
      >
        <label className="flex flex-col text-sm font-medium">
          Desde
          <input
            type="date"
            name="from"
            required
            defaultValue={today}
            className="rounded-md border border-sand-300 px-2 py-1"
          />
        </label>
        <label className="flex flex-col text-sm font-medium">
          Hasta
          <input
            type="date"
            name="to"
            required
            defaultValue={today}
            className="rounded-md border border-sand-300 px-2 py-1"
          />
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="quoted" value="1" />
          Incluir también los presupuestos enviados
        </label>
        <SubmitButton pending={busy} pendingLabel="Descargando...">
          Descargar archivo
        </SubmitButton>
      </form>
      <p role="status">{said}</p>
    </section>
  );
}
