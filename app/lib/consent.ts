// Cookie consent (SPEC §4, AEPD cookie guide) with Google Consent Mode v2 signals. The choice is
// kept in local storage; until one exists every signal is denied. What each button does is
// recorded in docs/decisions/035-cookie-consent-behaviour.md.
import { useEffect, useSyncExternalStore } from "react";
import { gtag } from "./analytics";
import { adsConversionSendTo, gaMeasurementId } from "./site";

export const consentSignals = [
  "ad_storage",
  "ad_user_data",
  "ad_personalization",
  "analytics_storage",
] as const;
export type ConsentSignal = (typeof consentSignals)[number];
/** true = granted, false = denied. */
export type ConsentChoice = Record<ConsentSignal, boolean>;

export const CONSENT_STORAGE_KEY = "cookieConsent";

export const allDenied: ConsentChoice = {
  ad_storage: false,
  ad_user_data: false,
  ad_personalization: false,
  analytics_storage: false,
};
export const allGranted: ConsentChoice = {
  ad_storage: true,
  ad_user_data: true,
  ad_personalization: true,
  analytics_storage: true,
};

/** The shape gtag('consent', ...) takes. */
export function toGtagConsent(choice: ConsentChoice): Record<ConsentSignal, "granted" | "denied"> {
  const entries = consentSignals.map((signal) => [signal, choice[signal] ? "granted" : "denied"]);
  return Object.fromEntries(entries) as Record<ConsentSignal, "granted" | "denied">;
}

/**
 * Inline script placed first in <head>: defines gtag, pushes the all-denied default before any
 * other tag command, then re-applies a stored choice (an update on each load). It runs before the
 * page is painted, so a returning visitor's consent is in force before any tag could read it.
 */
export function consentBootstrapScript(): string {
  const denied = JSON.stringify(toGtagConsent(allDenied));
  const config = gaMeasurementId
    ? `g("js",new Date());g("config",${JSON.stringify(gaMeasurementId)},{send_page_view:false});`
    : "";
  const adsAccount = adsConversionSendTo.split("/")[0];
  const adsConfig =
    gaMeasurementId && adsAccount ? `g("config",${JSON.stringify(adsAccount)});` : "";
  return [
    "(function(){var w=window;w.dataLayer=w.dataLayer||[];",
    "var g=w.gtag=function(){w.dataLayer.push(arguments)};",
    `g("consent","default",${denied});`,
    "try{var s=JSON.parse(localStorage.getItem(",
    JSON.stringify(CONSENT_STORAGE_KEY),
    '));if(s&&s.consent)g("consent","update",s.consent)}catch(e){}',
    config,
    adsConfig,
    "})();",
  ].join("");
}

interface StoredConsent {
  version: 1;
  consent: Record<ConsentSignal, "granted" | "denied">;
  savedAt: string;
}

function readStoredChoice(): ConsentChoice | null {
  try {
    const raw = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    if (!raw) return null;
    const stored = JSON.parse(raw) as Partial<StoredConsent>;
    if (!stored.consent) return null;
    const consent = stored.consent;
    const entries = consentSignals.map((signal) => [signal, consent[signal] === "granted"]);
    return Object.fromEntries(entries) as ConsentChoice;
  } catch {
    return null;
  }
}

function storeChoice(choice: ConsentChoice): void {
  const stored: StoredConsent = {
    version: 1,
    consent: toGtagConsent(choice),
    savedAt: new Date().toISOString(),
  };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Private mode or full storage: the choice still applies to this visit.
  }
}

export interface ConsentState {
  /** false on the server, during pre-rendering and until the stored choice was read. */
  ready: boolean;
  /** The visitor's choice, or null when none was made yet (everything denied). */
  choice: ConsentChoice | null;
  bannerOpen: boolean;
  preferencesOpen: boolean;
}

const SERVER_STATE: ConsentState = {
  ready: false,
  choice: null,
  bannerOpen: false,
  preferencesOpen: false,
};
let state: ConsentState = SERVER_STATE;
const listeners = new Set<() => void>();

function setState(next: Partial<ConsentState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** Calls `listener` on every change of the consent state (a choice made, changed or withdrawn). */
export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the stored choice once, after hydration (the pre-rendered HTML is the same for all). */
function initConsent(): void {
  if (state.ready) return;
  const choice = readStoredChoice();
  setState({ ready: true, choice, bannerOpen: choice === null, preferencesOpen: false });
  if (choice) loadGoogleTag(choice);
}

/** Both of Consent Mode v2's advertising signals granted (ad_storage, ad_user_data; decision 260). */
export function adsConsented(): boolean {
  const choice = state.ready ? state.choice : readStoredChoice();
  return Boolean(choice?.ad_storage && choice.ad_user_data);
}

/** The consent state; components re-render when it changes. */
export function useConsent(): ConsentState {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  );
  useEffect(initConsent, []);
  return current;
}

function applyChoice(choice: ConsentChoice): void {
  gtag("consent", "update", toGtagConsent(choice));
  storeChoice(choice);
  loadGoogleTag(choice);
}

/** Aceptar: the given selection, or every signal when the visitor did not pick any. */
export function acceptConsent(selection: ConsentChoice | null): void {
  const choice = selection ?? allGranted;
  applyChoice(choice);
  setState({ choice, bannerOpen: false, preferencesOpen: false });
}

/** Rechazar: every signal denied. */
export function rejectConsent(): void {
  applyChoice(allDenied);
  setState({ choice: allDenied, bannerOpen: false, preferencesOpen: false });
}

/** Guardar: applies and keeps the selection, closes the panel; the banner stays (SPEC §4). */
export function saveConsentPreferences(selection: ConsentChoice): void {
  applyChoice(selection);
  setState({ choice: selection, preferencesOpen: false });
}

/** The footer's 'Preferencias de cookies' link: banner open on its preferences panel. */
export function openConsentPreferences(): void {
  initConsent();
  setState({ bannerOpen: true, preferencesOpen: true });
}

export function setPreferencesOpen(open: boolean): void {
  setState({ preferencesOpen: open });
}

let googleTagRequested = false;

/**
 * gtag.js comes from Google's servers, so it is requested only when a measurement id is
 * configured AND the visitor granted at least one signal ("basic" Consent Mode): with no id or
 * no consent, no request ever leaves the site's own origin.
 */
function loadGoogleTag(choice: ConsentChoice): void {
  if (!gaMeasurementId || googleTagRequested) return;
  if (!consentSignals.some((signal) => choice[signal])) return;
  googleTagRequested = true;
  const script = document.createElement("script");
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaMeasurementId)}`;
  document.head.appendChild(script);
}
