// SPEC §2: the footer shows the current year. Pages are pre-rendered at build time, so the
// year is the visitor's clock, right from the first paint after New Year, without a rebuild
// and without a hydration mismatch.
import { expect, type Page, test } from "@playwright/test";
import { waitForHydration, withConsentChosen } from "./chrome-support";

/** Pre-rendered pages, a page rendered per request and the 404 page. */
const paths = ["/", "/services", "/terms-and-conditions", "/login", "/no-existe-esta-pagina"];

const newYear = new Date("2031-01-01T00:00:05");

const copyright = (page: Page) => page.getByRole("contentinfo").getByText(/^©/);

test.beforeEach(async ({ page }) => {
  await withConsentChosen(page);
  await page.clock.setFixedTime(newYear);
});

test("before any script of the site runs, the footer already says the visitor's year", async ({
  page,
}) => {
  // No bundle, no hydration: what shows is the HTML as the server sent it, and what the page
  // does before its first paint.
  await page.route("**/assets/*.js", (route) => route.abort());
  for (const path of paths) {
    await page.goto(path);
    await expect(copyright(page), path).toHaveText(/^© 2031 /);
  }
});

test("after hydration the footer says 2031 and React reports no mismatch", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));

  for (const path of paths) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(copyright(page), path).toHaveText(/^© 2031 /);
  }
  // React's production build reports hydration failures as minified errors #418, #423, #425.
  expect(errors.filter((text) => /hydrat|#41[89]|#42[35]/i.test(text))).toEqual([]);
});
