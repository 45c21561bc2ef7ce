/**
 * Where a lead came from (issue 36; decision 260): the channels a lead is sorted into at intake,
 * named as staff read them in the inbox's filter, on a lead's page and in the «Fuentes» report,
 * and the labels of the values kept. Shared by the server (which sorts and exports) and the admin
 * (which shows them); the public site never loads this file.
 */
export const sourceChannels = [
  { value: "google_ads", title: "Google Ads" },
  { value: "anuncios", title: "Otros anuncios" },
  { value: "buscadores", title: "Buscadores" },
  { value: "redes_sociales", title: "Redes sociales" },
  { value: "correo", title: "Correo" },
  { value: "otras_webs", title: "Otras webs" },
  { value: "campanas", title: "Otras campañas" },
  { value: "directo", title: "Directo" },
  { value: "sin_datos", title: "Sin datos" },
] as const;

export type SourceChannel = (typeof sourceChannels)[number]["value"];

/** The labels of the columns a lead keeps about its source. */
export const sourceLabels = {
  source_channel: "Origen",
  landing_page: "Página de entrada",
  referrer_domain: "Web de procedencia",
  utm_source: "Fuente (utm_source)",
  utm_medium: "Medio (utm_medium)",
  utm_campaign: "Campaña (utm_campaign)",
  utm_term: "Término (utm_term)",
  utm_content: "Contenido (utm_content)",
  gclid: "Clic de Google Ads (gclid)",
  gbraid: "Clic de Google Ads (gbraid)",
  wbraid: "Clic de Google Ads (wbraid)",
  quoted_at: "Presupuesto enviado el",
} as const;

/** What the «Fuentes» report calls a lead with no UTM source and no referring site. */
export const noSourceTitle = "(sin fuente)";
/** …and one with no campaign. */
export const noCampaignTitle = "(sin campaña)";

/** A row of the «Fuentes» report: one month, channel, source and campaign. */
export interface SourceRow {
  month: string;
  channel: string;
  /** utm_source, else the referring site's domain; null: neither. */
  source: string | null;
  campaign: string | null;
  leads: number;
  quoted: number;
  won: number;
  /** Euros, the sum of the won leads' amounts (those without one count 0). */
  won_value: number;
}
