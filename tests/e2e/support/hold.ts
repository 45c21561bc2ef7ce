import type { Page } from "@playwright/test";

/**
 * Holds the page's requests to `url` on their way to the real server until the function it
 * answers is called: the test sees what the page shows while it waits (a busy button, a
 * progress bar), then lets them go.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
