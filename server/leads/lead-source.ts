/**
 * Where a lead came from (issue 36; decision 260). The public form sends what the visit's first
 * page said (app/lib/lead-source.ts); a form posted without its script has only its own address,
 * read from the Referer. Each value is kept only when it is at most 200 printable characters,
 * else dropped without a word: a bad campaign tag never costs a lead, and nothing odd is stored
 * raw. Google Ads' click ids are kept only when the request says the visitor granted advertising
 * consent (Consent Mode v2's ad_storage and ad_user_data).
 */
import { z } from "zod";
import type { SourceChannel } from "../../content/lead-sources.ts";

export const utmNames = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
] as const;
export const clickIdNames = ["gclid", "gbraid", "wbraid"] as const;

/** 1 to 200 characters, none of them a control, format, private or unassigned one, not all blank. */
const printable = /^[^\p{C}]{1,200}$/u;

/** A value kept as sent, or nothing. */
export function keptValue(value: unknown): string | undefined {
  if (typeof value !== "string" || !printable.test(value) || !value.trim()) return undefined;
  return value;
}

/** The path of the visit's first page (never its query or fragment), or nothing. */
export function keptPath(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return;
  return keptValue(value.split(/[?#]/)[0]);
}

const hostname =
  /^(?=.{1,200}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/** A referring site's domain (a full address is cut to its host), lower case, or nothing. */
export function keptDomain(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2048) return undefined;
  let host = value.trim().toLowerCase();
  if (host.includes("/")) {
    try {
      host = new URL(host).hostname;
    } catch {
      return undefined;
    }
  }
  host = host.replace(/^www\./, "");
  return hostname.test(host) ? host : undefined;
}

const kept = (keep: (value: unknown) => string | undefined) =>
  z
    .unknown()
    .transform((value) => keep(value))
    .optional();

/**
 * The request's source fields. Never a reason to refuse a request: a value that does not pass
 * is simply not kept. `ad_consent` ("granted", or true) says the visitor granted both
 * advertising signals; without it no click id is kept.
 */
export const leadSourceFields = {
  landing_page: kept(keptPath),
  referrer_domain: kept(keptDomain),
  ...(Object.fromEntries(utmNames.map((name) => [name, kept(keptValue)])) as Record<
    (typeof utmNames)[number],
    ReturnType<typeof kept>
  >),
  ...(Object.fromEntries(clickIdNames.map((name) => [name, kept(keptValue)])) as Record<
    (typeof clickIdNames)[number],
    ReturnType<typeof kept>
  >),
  ad_consent: z
    .unknown()
    .transform((value) => value === "granted" || value === true)
    .optional(),
};

/**
 * The body with its source fields already as they will be kept: a value that is not kept is gone
 * before the form is checked, so a request refused for another field is not also told to fix a
 * hidden campaign tag it cannot see (its control characters would otherwise be named).
 */
export function withKeptSource(body: Record<string, unknown>): Record<string, unknown> {
  const names = Object.keys(leadSourceFields);
  const sent = Object.fromEntries(
    names.filter((name) => name in body).map((name) => [name, body[name]]),
  );
  const kept: Record<string, unknown> = z.object(leadSourceFields).parse(sent);
  const rest = Object.fromEntries(Object.entries(body).filter(([name]) => !names.includes(name)));
  for (const [name, value] of Object.entries(kept)) if (value !== undefined) rest[name] = value;
  return rest;
}

type SourceName = (typeof utmNames)[number] | (typeof clickIdNames)[number];

/** What a lead keeps of its source: the columns of migration 0051. */
export type LeadSource = Partial<
  Record<SourceName | "landing_page" | "referrer_domain", string> & {
    source_channel: SourceChannel;
  }
>;

type Submitted = { [K in keyof typeof leadSourceFields]?: z.output<(typeof leadSourceFields)[K]> };

/** Splits the source off a validated request: the lead's own fields, and the source to keep. */
export function takeSource<T extends Submitted>(
  request: T,
): { rest: Omit<T, keyof typeof leadSourceFields>; source: LeadSource } {
  const { ad_consent, landing_page, referrer_domain, ...others } = request;
  const source: LeadSource = { landing_page, referrer_domain };
  const rest: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(others)) {
    if ((utmNames as readonly string[]).includes(name)) {
      source[name as SourceName] = value as string | undefined;
    } else if ((clickIdNames as readonly string[]).includes(name)) {
      if (ad_consent) source[name as SourceName] = value as string | undefined;
    } else {
      rest[name] = value;
    }
  }
  return { rest: rest as Omit<T, keyof typeof leadSourceFields>, source: withChannel(source) };
}

/**
 * A request posted by the contact page's own form before its script ran carries no source: its
 * page's address, in the Referer when it is this site's, is the visit's landing page as far as
 * the server can tell, and its query the campaign's UTM values. Never a click id: the consent
 * lives in the browser, and the server cannot know it was given.
 */
export function sourceFromReferer(
  referer: string | undefined,
  ownHosts: readonly string[],
): Record<string, string> {
  if (!referer) return {};
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return {};
  }
  if (!ownHosts.includes(url.host)) return {};
  const fields: Record<string, string> = { landing_page: url.pathname };
  for (const name of utmNames) {
    const value = url.searchParams.get(name);
    if (value !== null) fields[name] = value;
  }
  return fields;
}

/** Names a source field the request may carry (to tell whether the form sent any). */
export const sentSource = (body: unknown) =>
  typeof body === "object" &&
  body !== null &&
  ["landing_page", ...utmNames].some((name) => name in body);

const paidMedium =
  /^(cpc|ppc|paid|paid[-_ ]?search|paid[-_ ]?social|cpm|cpv|display|banner|ads?)$/i;
const mailMedium = /^(e-?mail|newsletter|correo|boletin|boletín)$/i;
const socialMedium = /^(social|social[-_ ]?network|social[-_ ]?media|rrss|redes)$/i;
const searchEngine =
  /(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|yahoo\.[a-z.]+|ecosia\.org|yandex\.[a-z.]+|baidu\.com|search\.brave\.com|qwant\.com|startpage\.com)$/;
const socialSite =
  /(^|\.)(facebook\.com|fb\.com|instagram\.com|linkedin\.com|lnkd\.in|t\.co|twitter\.com|x\.com|tiktok\.com|pinterest\.[a-z.]+|youtube\.com|whatsapp\.com|wa\.me|threads\.net|reddit\.com)$/;
const socialSource =
  /^(facebook|fb|instagram|ig|linkedin|twitter|x|tiktok|pinterest|youtube|whatsapp|threads|reddit|meta)$/i;

/** The channel a lead is sorted into (content/lead-sources.ts), from what it kept. */
export function channelOf(source: LeadSource): SourceChannel {
  const { utm_source: utmSource = "", utm_medium: medium = "" } = source;
  if (source.gclid || source.gbraid || source.wbraid) return "google_ads";
  if (paidMedium.test(medium))
    return /^(google|adwords|google[-_ ]?ads)$/i.test(utmSource) ? "google_ads" : "anuncios";
  if (mailMedium.test(medium)) return "correo";
  if (socialMedium.test(medium) || socialSource.test(utmSource)) return "redes_sociales";
  if (/^organic$/i.test(medium)) return "buscadores";
  if (utmSource) return "campanas";
  const referrer = source.referrer_domain;
  if (referrer) {
    if (searchEngine.test(referrer)) return "buscadores";
    return socialSite.test(referrer) ? "redes_sociales" : "otras_webs";
  }
  return source.landing_page ? "directo" : "sin_datos";
}

/** A lead that says nothing of its source keeps no channel: it reads as «sin_datos». */
function withChannel(source: LeadSource): LeadSource {
  const channel = channelOf(source);
  return channel === "sin_datos" ? source : { ...source, source_channel: channel };
}
