// No dead ends: every internal link found on any public page answers without an error.
import { expect, test } from "@playwright/test";
import { publicPaths } from "../../content/sitemap";

test("no internal link on any public page leads to a 404", async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL ?? "http://localhost").origin;
  const found = new Map<string, string>(); // target -> first page it was seen on

  for (const path of publicPaths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const hrefs = await page
      .locator("a[href]")
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      const target = url.pathname + url.search;
      if (!found.has(target)) found.set(target, path);
    }
  }

  expect(found.size).toBeGreaterThan(publicPaths.length - 1);
  const broken: string[] = [];
  for (const [target, from] of found) {
    const response = await request.get(target);
    if (response.status() >= 400) broken.push(`${target} (${response.status()}) on ${from}`);
  }
  expect(broken).toEqual([]);
});

test("every public page of the sitemap is linked from another public page", async ({ page }) => {
  const linked = new Set<string>();
  for (const path of publicPaths) {
    await page.goto(path);
    const hrefs = await page
      .locator("a[href^='/']")
      .evaluateAll((links) =>
        links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
      );
    for (const href of hrefs) if (href !== path) linked.add(href);
  }
  expect(publicPaths.filter((path) => !linked.has(path))).toEqual([]);
});
