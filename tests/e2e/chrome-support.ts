// Helpers of the site-chrome stories (header, footer, consent, contact).
import { expect, type Page } from "@playwright/test";

/** What gtag() pushed so far, each command as a plain array (dataLayer holds `arguments`). */
export function gtagCommands(page: Page): Promise<unknown[][]> {
  return page.evaluate(() =>
    (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );
}

export const denied = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
};
export const granted = {
  ad_storage: "granted",
  ad_user_data: "granted",
  ad_personalization: "granted",
  analytics_storage: "granted",
};

/** A visitor who already chose (everything denied): no banner over the page under test. */
export async function withConsentChosen(page: Page): Promise<void> {
  await page.addInitScript((consent) => {
    if (!window.localStorage.getItem("cookieConsent")) {
      window.localStorage.setItem(
        "cookieConsent",
        JSON.stringify({ version: 1, consent, savedAt: new Date().toISOString() }),
      );
    }
  }, denied);
}

/**
 * Waits until React has hydrated the pre-rendered page (it marks hydrated nodes with its
 * fiber key), so clicks reach the event handlers instead of the bare HTML.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(headerHydrated);
}

/** Whether the page's script has run: React has hydrated its header (see `waitForHydration`). */
export function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(headerHydrated);
}

const headerHydrated = () => {
  const header = document.querySelector("header");
  return header !== null && Object.keys(header).some((key) => key.startsWith("__reactFiber"));
};

/** Opens a page and waits for it to be interactive. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

export function cookieBanner(page: Page) {
  return page.getByRole("region", { name: "Cookies en esta web" });
}

export async function expectNoBanner(page: Page): Promise<void> {
  await expect(cookieBanner(page)).toHaveCount(0);
}
