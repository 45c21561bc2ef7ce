// The site footer (SPEC §2, §4): contact details, legal links, the newsletter form, the year;
// and the files search engines read: sitemap.xml and robots.txt.
import { expect, test } from "@playwright/test";
import { servicePath, services } from "../../content/services";
import { publicPaths } from "../../content/sitemap";
import { visit, withConsentChosen } from "./chrome-support";
import { holdRequests } from "./support/hold";

test.beforeEach(async ({ page }) => {
  await withConsentChosen(page);
});

test("the footer carries contact details, the legal pages and the current year", async ({
  page,
}) => {
  await visit(page, "/services");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: /960 000 000/ })).toHaveAttribute(
    "href",
    "tel:+34960000000",
  );
  await expect(footer.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  for (const name of ["Instagram", "Facebook", "LinkedIn"]) {
    await expect(footer.getByRole("link", { name })).toBeVisible();
  }
  for (const [name, path] of [
    ["Aviso legal", "/terms-and-conditions"],
    ["Política de privacidad", "/privacy-and-politics"],
    ["Política de cookies", "/cookies-politics"],
  ] as const) {
    await expect(footer.getByRole("link", { name })).toHaveAttribute("href", path);
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  // A list as Spanish says it, «y» before the last city.
  await expect(footer).toContainText("en Madrid, Barcelona, Valencia y Alicante.");
});

test("the footer's legal links open each legal text in turn, without reloading the page", async ({
  page,
}) => {
  await visit(page, "/terms-and-conditions");
  const footer = page.getByRole("contentinfo");
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  for (const [name, heading, path] of [
    ["Política de privacidad", "Política de privacidad", "/privacy-and-politics"],
    ["Política de cookies", "Política de cookies", "/cookies-politics"],
    ["Aviso legal", "Aviso legal y términos y condiciones", "/terms-and-conditions"],
  ] as const) {
    await footer.getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(new RegExp(`^${heading}`));
  }
  // One module serves the three pages (decision 149): every move stayed in this document.
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("subscribing clears the field and goes to /#suscription", async ({ page }) => {
  await visit(page, "/contact");
  const form = page.locator("#suscription");
  const field = form.getByLabel("Tu correo electrónico");
  await field.fill(`boletin-${Date.now()}@ejemplo.es`);
  await form.getByRole("button", { name: "Suscribirme" }).click();

  await expect(page).toHaveURL(/\/#suscription$/);
  await expect(field).toHaveValue("");
  await expect(form.getByRole("status")).not.toBeEmpty();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(form).toBeInViewport();
});

test("a double click signs up once, and an Enter in the emptied field keeps the thanks", async ({
  page,
}) => {
  // A visitor of its own (one per --repeat-each round): the sign-ups other tests make from this
  // machine's address do not count against its per-address limit.
  await page.setExtraHTTPHeaders({
    "X-Forwarded-For": `198.18.195.${test.info().repeatEachIndex + 1}`,
  });
  await visit(page, "/team");
  const form = page.locator("#suscription");
  const field = form.getByLabel("Tu correo electrónico");
  const button = form.getByRole("button", { name: "Suscribirme" });
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/subscriptions")) sent.push(request.postData() ?? "");
  });

  await field.fill(`doble-${Date.now()}@ejemplo.es`);
  // Both clicks land while the first sign-up is still held. Unheld, on a loaded machine the
  // answer came between them: the page went to /#suscription and scrolled, the second click
  // landed beside the button and took its focus away (decision 195).
  const release = await holdRequests(page, "**/api/subscriptions");
  await button.dblclick();
  release();
  await expect(page).toHaveURL(/\/#suscription$/);
  const thanks = form.getByRole("status");
  await expect(thanks).toContainText("Te hemos enviado un enlace para confirmar");
  // The keyboard's place is kept: the button was busy, never disabled.
  await expect(button).toBeFocused();

  await field.press("Enter");
  await page.waitForTimeout(500);
  await expect(thanks).toContainText("Te hemos enviado un enlace para confirmar");
  expect(sent).toHaveLength(1);
});

test("a refused subscription is silent and keeps what was typed", async ({ page }) => {
  // A page with a loader (its catalogue, from the page's .data file), which the form must not
  // load again: the form's fetcher asks for no revalidation.
  await visit(page, "/services");
  const form = page.locator("#suscription");
  const field = form.getByLabel("Tu correo electrónico");
  await field.fill("esto no es un correo");
  const reloaded: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(".data")) reloaded.push(request.url());
  });
  // The answer is held until the busy state has been seen.
  const release = await holdRequests(page, "**/api/subscriptions");
  const answer = page.waitForResponse((response) => response.url().endsWith("/api/subscriptions"));
  await form.getByRole("button", { name: "Suscribirme" }).click();
  await expect(form.getByRole("button", { name: "Enviando..." })).toBeDisabled();
  release();
  expect((await answer).status()).toBe(422);

  await expect(form.getByRole("button", { name: "Suscribirme" })).toBeEnabled();
  await expect(field).toHaveValue("esto no es un correo");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/services$/);
  expect(reloaded).toEqual([]);
});

test("sitemap.xml lists every public page and robots.txt points to it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.ok()).toBe(true);
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "").pathname,
  );
  expect(locations.sort()).toEqual([...publicPaths].sort());
  expect(locations).toContain("/service/interiorismo/iluminacion-y-domotica");

  const robots = await request.get("/robots.txt");
  expect(robots.ok()).toBe(true);
  const text = await robots.text();
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  expect(text).toMatch(/^Disallow: \/admin\/$/m);
});

test("every public page has its own title, canonical URL and social preview", async ({
  request,
}) => {
  for (const path of publicPaths) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(/<html lang="es"/);
    expect(html, path).toMatch(/<title>[^<]+ \| Obra Mediterránea<\/title>/);
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(canonical && new URL(canonical).pathname, path).toBe(path);
    expect(html, path).toContain('property="og:image"');
    expect(html, path).toContain('name="twitter:card"');
    expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html, path).toMatch(/<meta name="keywords" content="[^"]+, [^"]+"/);
  }
  const home = await (await request.get("/")).text();
  const business = [...home.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
    .map((match) => JSON.parse(match[1] ?? "null"))
    .find((data) => data?.["@type"] === "HomeAndConstructionBusiness");
  expect(business?.telephone).toBe("+34960000000");
  expect(business?.address?.addressLocality).toBeTruthy();
  expect(business?.areaServed?.length).toBeGreaterThan(0);
});

test("structured data: breadcrumbs wherever a page shows them, a Service on each service page, the business's hours on the home page", async ({
  request,
}) => {
  const jsonLdOf = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
      JSON.parse(match[1] ?? "null"),
    );
  for (const path of publicPaths) {
    const html = await (await request.get(path)).text();
    const data = jsonLdOf(html);
    // The names of the breadcrumb the visitor sees, the separators left out.
    const nav = /<nav aria-label="Ruta de navegación"[^>]*>(.*?)<\/nav>/s.exec(html)?.[1] ?? "";
    const shown = [...nav.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map((match) =>
      (match[1] ?? "")
        .replace(/<span aria-hidden="true">\/<\/span>/, "")
        .replace(/<[^>]+>/g, "")
        .trim(),
    );
    const breadcrumb = data.find((entry) => entry?.["@type"] === "BreadcrumbList");
    const listed = (breadcrumb?.itemListElement ?? []).map((item: { name: string }) => item.name);
    expect(listed, path).toEqual(shown);

    const service = services.find((entry) => servicePath(entry) === path);
    const markup = data.find((entry) => entry?.["@type"] === "Service");
    if (service) {
      expect(markup?.name, path).toBe(service.title);
      expect(markup?.provider?.name, path).toBe("Obra Mediterránea");
      expect(
        markup?.areaServed?.map((area: { name: string }) => area.name),
        path,
      ).toContain("Alicante");
    } else {
      expect(markup, path).toBeUndefined();
    }
  }
  const home = jsonLdOf(await (await request.get("/")).text()).find(
    (entry) => entry?.["@type"] === "HomeAndConstructionBusiness",
  );
  // The contact page's «De lunes a viernes, de 8:00 a 18:00».
  expect(home?.openingHoursSpecification).toEqual([
    {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "08:00",
      closes: "18:00",
    },
  ]);
});
