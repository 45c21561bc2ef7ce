import { describe, expect, it } from "vitest";
import { CONSENT_STORAGE_KEY, consentBootstrapScript, toGtagConsent } from "./consent";

/** Runs the inline head script against a stand-in window and returns what it queued. */
function runBootstrap(stored: string | null): unknown[][] {
  const window: { dataLayer?: unknown[] } = {};
  const localStorage = {
    getItem: (key: string) => (key === CONSENT_STORAGE_KEY ? stored : null),
  };
  new Function("window", "localStorage", consentBootstrapScript())(window, localStorage);
  return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
}

const denied = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
};

describe("consent bootstrap script", () => {
  it("queues the all-denied default first, and nothing else on a first visit", () => {
    expect(runBootstrap(null)).toEqual([["consent", "default", denied]]);
  });

  it("re-applies a stored choice right after the default", () => {
    const consent = { ...denied, analytics_storage: "granted" };
    const stored = JSON.stringify({ version: 1, consent, savedAt: "2026-11-21T10:00:00Z" });
    expect(runBootstrap(stored)).toEqual([
      ["consent", "default", denied],
      ["consent", "update", consent],
    ]);
  });

  it("ignores a damaged stored value", () => {
    expect(runBootstrap("{not json")).toEqual([["consent", "default", denied]]);
  });
});

describe("toGtagConsent", () => {
  it("maps each signal to granted or denied", () => {
    expect(
      toGtagConsent({
        ad_storage: true,
        ad_user_data: false,
        ad_personalization: false,
        analytics_storage: true,
      }),
    ).toEqual({ ...denied, ad_storage: "granted", analytics_storage: "granted" });
  });
});
