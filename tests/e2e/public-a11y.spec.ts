// Accessibility of the public pages: axe-core (WCAG 2.x A/AA and best practices) finds nothing
// on any page of the sitemap nor on the Not Found page, with the cookie banner open as a first
// visitor sees it, and again with the service descriptions and the map opened.
import { expect, type Page, test } from "@playwright/test";
import { publicPaths } from "../../content/sitemap";
import { visit } from "./chrome-support";
import { axe } from "./support/axe";

// Each scan is a page of its own: both workers share them, not one worker the whole file.
test.describe.configure({ mode: "parallel" });

async function violations(page: Page) {
  const results = await axe(page).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
  }));
}

for (const path of [...publicPaths.filter((p) => p !== "/contact"), "/no-existe"]) {
  test(`axe finds no violation on ${path}`, async ({ page }) => {
    await page.goto(path, { waitUntil: "networkidle" });
    expect(await violations(page)).toEqual([]);
  });
}

test("axe finds no violation with the home page's descriptions open", async ({ page }) => {
  await page.goto("/", { waitUntil: "networkidle" });
  for (const toggle of await page.getByRole("button", { name: /Qué incluye/ }).all())
    await toggle.click();
  expect(await violations(page)).toEqual([]);
});

test("axe finds no violation on the team page with the map loaded", async ({ page }) => {
  await page.route("https://www.openstreetmap.org/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: '<html lang="es"><title>Mapa</title><body>Mapa</body></html>',
    }),
  );
  await page.goto("/team", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Cargar mapa" }).click();
  await expect(page.locator("iframe")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const path of [
    "/",
    "/gallery",
    "/team",
    "/service/reformas/reformas-de-banos",
    "/contact",
    "/cookies-politics",
  ]) {
    test(`axe finds no violation on ${path} at 390 px`, async ({ page }) => {
      await page.goto(path, { waitUntil: "networkidle" });
      expect(await violations(page)).toEqual([]);
      // Mobile first: nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test("a followed link puts focus on the new page's heading, so screen readers announce it", async ({
  page,
}) => {
  await visit(page, "/");
  await page.getByRole("link", { name: "Ver todos los servicios por área" }).click();
  await expect(page).toHaveURL(/\/services$/);
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toBeFocused();
  // A reading position, not a control: no focus ring drawn around it.
  expect(await heading.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("none");
});
