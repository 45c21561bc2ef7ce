/**
 * Build-time site settings. The public pages are pre-rendered to static HTML, so whatever ends up
 * in their <head> (canonical URLs, Open Graph URLs) and in the browser bundle (the Google tag id)
 * is fixed when the site is built: vite.config.ts replaces these globals from the build's
 * environment (APP_URL, GA_MEASUREMENT_ID, ADS_CONVERSION_SEND_TO). See
 * docs/decisions/036-site-origin-and-canonical-urls.md and 037-analytics-loading.md.
 */
declare const __SITE_URL__: string | undefined;
declare const __GA_MEASUREMENT_ID__: string | undefined;
declare const __ADS_CONVERSION_SEND_TO__: string | undefined;

/** The site's public origin without a trailing slash, e.g. "https://www.obramediterranea.es". */
export const siteUrl: string = (
  typeof __SITE_URL__ === "string" && __SITE_URL__ ? __SITE_URL__ : "http://localhost:3000"
).replace(/\/+$/, "");

/** Google Analytics 4 measurement id ("G-..."); empty = no Google tag is ever loaded. */
export const gaMeasurementId: string =
  typeof __GA_MEASUREMENT_ID__ === "string" ? __GA_MEASUREMENT_ID__ : "";

/** Google Ads conversion target ("AW-.../label"); empty = conversions go to GA only. */
export const adsConversionSendTo: string =
  typeof __ADS_CONVERSION_SEND_TO__ === "string" ? __ADS_CONVERSION_SEND_TO__ : "";

export const siteName = "Obra Mediterránea";

/** Absolute URL of a site path ("/team" -> "https://.../team"). */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${siteUrl}${path.startsWith("/") ? path : `/${path}`}`;
}
