// Where the visit came from (issue 36; decision 260): noted once, on the visit's first page, and
// sent with a quote request if the visitor sends one. Kept for the visit only (sessionStorage,
// gone with the tab). Google Ads' click ids are kept on the device only while the visitor has
// granted advertising consent (ad_storage and ad_user_data); before that they live in this
// page's memory, so a visitor who lands from an ad and then accepts keeps theirs.
import { adsConsented, subscribe } from "./consent";

const LEAD_SOURCE_KEY = "leadSource";
const utmNames = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"];
const clickIdNames = ["gclid", "gbraid", "wbraid"];

type Fields = Record<string, string>;
let clickIds: Fields = {};

function pick(params: URLSearchParams, names: string[]): Fields {
  const fields: Fields = {};
  for (const name of names) {
    const value = params.get(name);
    if (value) fields[name] = value;
  }
  return fields;
}

function read(): Fields | null {
  try {
    return JSON.parse(window.sessionStorage.getItem(LEAD_SOURCE_KEY) ?? "null");
  } catch {
    return null;
  }
}

function write(fields: Fields): void {
  try {
    window.sessionStorage.setItem(LEAD_SOURCE_KEY, JSON.stringify(fields));
  } catch {
    // Private mode or full storage: the source is only lost on a reload.
  }
}

let noted: Fields | null = null;

/** Called on every page's first load: the first one of the visit is its landing. */
export function noteLeadSource(): void {
  const params = new URLSearchParams(window.location.search);
  const stored = read();
  clickIds = { ...pick(params, clickIdNames) };
  if (!Object.keys(clickIds).length && stored)
    clickIds = pick(new URLSearchParams(stored), clickIdNames);
  let referrer = "";
  try {
    const from = new URL(document.referrer);
    if (from.host !== window.location.host) referrer = from.hostname;
  } catch {}
  noted = stored ?? {
    landing_page: window.location.pathname,
    ...(referrer ? { referrer_domain: referrer } : {}),
    ...pick(params, utmNames),
  };
  keep();
  // A choice made or withdrawn later in the visit writes or removes the click ids at once: the
  // device holds them exactly while consent stands, not until the next page or request.
  if (!following) following = subscribe(() => keep());
}

let following: (() => void) | undefined;

/** Writes what may be kept now: click ids only with advertising consent. */
function keep(): Fields {
  const consented = adsConsented();
  const base = Object.fromEntries(
    Object.entries(noted ?? {}).filter(([name]) => !clickIdNames.includes(name)),
  );
  const fields = consented ? { ...base, ...clickIds } : base;
  if (noted) write(fields);
  return consented ? { ...fields, ad_consent: "granted" } : fields;
}

/** The fields a quote request carries about where the visit came from. */
export function leadSourceFields(): Fields {
  return keep();
}
