// Where a lead came from (issue 36; decisions 260, 261), as a visitor and staff live it: a visit
// lands on a service page from a Google Ads click (utm_* and a gclid), chooses in the cookie
// banner, browses, and sends a quote request. Staff find the lead in the inbox by channel and
// campaign, read its source on its page, and the «Fuentes» report counts it. The click id is kept
// only with advertising consent, and nothing of the source outlives the visit's tab.
import type { Page } from "@playwright/test";
import { cookieBanner, visit } from "./chrome-support";
import { expect, test } from "./support/mailbox";
import { createWithRole, openAs } from "./support/people";

const quoteForm = (page: Page) => page.locator('form[action="/contact"]');

/** What the visit keeps on the device: sessionStorage's key, and anything in longer-lived stores. */
const onTheDevice = (page: Page) =>
  page.evaluate(() => ({
    session: JSON.parse(sessionStorage.getItem("leadSource") ?? "null") as Record<
      string,
      string
    > | null,
    local: JSON.stringify({ ...localStorage }),
    cookies: document.cookie,
  }));

let address = 40 + Math.floor(Math.random() * 150);

for (const choice of ["Aceptar", "Rechazar"] as const) {
  const consented = choice === "Aceptar";
  test(`a visit from a Google Ads click, cookies «${choice}»: the lead keeps its source${consented ? " and click id" : ", never the click id"}; staff find it by channel and campaign`, async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(150_000);
    address += 1;
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.19.7.${address}` });
    // People take more than 3 s to write a request (decision 153): time moves on at once.
    await page.clock.install();
    const tag = `e2e-${choice.toLowerCase()}-${Date.now().toString(36)}`;
    const gclid = `TEST-${tag}`;
    const landing = "/service/reformas/reformas-de-banos";
    await visit(
      page,
      `${landing}?utm_source=google&utm_medium=cpc&utm_campaign=${tag}&utm_term=reforma%20ba%C3%B1o&gclid=${gclid}`,
    );
    // Before any choice, the click id waits in the page's memory: not on the device.
    let device = await onTheDevice(page);
    expect(device.session).toMatchObject({ landing_page: landing, utm_campaign: tag });
    expect(device.session).not.toHaveProperty("gclid");

    await cookieBanner(page).getByRole("button", { name: choice, exact: true }).click();
    await expect(cookieBanner(page)).toBeHidden();
    device = await onTheDevice(page);
    if (consented) expect(device.session).toMatchObject({ gclid });
    else expect(device.session).not.toHaveProperty("gclid");

    // Browses: another page of the site, then the service's own request button.
    await page
      .getByRole("main")
      .getByRole("link", { name: "Pide presupuesto de reformas de baños" })
      .click();
    await expect(page).toHaveURL(/\/contact\?servicio=reformas-de-banos$/);
    // The landing page stays the visit's first page, not the one the request is sent from.
    expect((await onTheDevice(page)).session).toMatchObject({ landing_page: landing });
    // The request a step at a time (decision 265): the service page chose the job.
    const form = quoteForm(page);
    const name = `Lucía Origen ${tag}`;
    await form.getByLabel("Mensaje").fill("Cambiar la bañera por un plato de ducha.");
    await form.getByRole("button", { name: "Siguiente" }).click();
    await form.getByRole("button", { name: "Siguiente" }).click();
    await form.getByLabel("Nombre").fill(name);
    await form.getByLabel("Teléfono o correo").fill("612 345 678");
    await form.getByRole("checkbox", { name: /Acepto que uséis mis datos/ }).check();
    await page.clock.fastForward(3_100);
    await form.getByRole("button", { name: "Enviar solicitud de presupuesto" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(/Tu referencia es OM-\d{4}-\d{5}\./);
    await dialog.getByRole("button", { name: "Aceptar" }).click();

    // Nothing outlives the visit: no store but the tab's holds any of it, and a new tab (a new
    // visit) starts from its own landing page.
    device = await onTheDevice(page);
    for (const kept of [device.local, device.cookies]) {
      expect(kept).not.toContain(tag);
      expect(kept).not.toContain(gclid);
    }
    const later = await context.newPage();
    await visit(later, "/obras");
    const fresh = await onTheDevice(later);
    expect(fresh.session).toEqual({ landing_page: "/obras" });
    await later.close();

    // Staff: the inbox filtered by channel and campaign finds it, alone.
    const staff = await createWithRole(request, "admin", `Gema Fuentes ${choice}`);
    await openAs(page, staff, `/admin/contacts/index?source=google_ads&campaign=${tag}`);
    const main = page.getByRole("main");
    await expect(main.locator('p[aria-live="polite"]')).toHaveText("1 registro");
    await main
      .locator('a[href*="/admin/contacts/detail/"]')
      .filter({ visible: true, hasText: name })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/contacts\/detail\/\d+/);
    await expect(main).toContainText("Google Ads");
    await expect(main).toContainText(landing);
    await expect(main).toContainText(tag);
    await expect(main).toContainText("reforma baño");
    if (consented) await expect(main).toContainText(gclid);
    else await expect(main).not.toContainText(gclid);

    // Another channel's filter does not find it.
    await page.goto(`/admin/contacts/index?source=directo&campaign=${tag}`);
    await expect(main.locator('p[aria-live="polite"]')).toHaveText("Ningún registro coincide.");

    // The «Fuentes» report counts it, on its campaign's row.
    await page.goto("/admin/contacts/fuentes");
    const row = main.getByRole("row").filter({ hasText: tag });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Google Ads");
    await expect(row.getByRole("cell").nth(3)).toHaveText("1");
  });
}

test("the click id is on the device exactly while advertising consent stands: withdrawn, it goes at once", async ({
  page,
}) => {
  const gclid = `TEST-retirada-${Date.now().toString(36)}`;
  await visit(page, `/service/reformas/reformas-de-banos?utm_source=google&gclid=${gclid}`);
  await cookieBanner(page).getByRole("button", { name: "Aceptar", exact: true }).click();
  expect((await onTheDevice(page)).session).toMatchObject({ gclid });

  // Withdrawn from the footer's preferences, with no reload and no other page.
  await page.getByRole("button", { name: "Preferencias de cookies" }).click();
  const banner = cookieBanner(page);
  for (const box of await banner.getByRole("checkbox", { name: /^Publicidad/ }).all()) {
    await box.uncheck();
  }
  await banner.getByRole("button", { name: "Guardar" }).click();
  await expect.poll(async () => (await onTheDevice(page)).session).not.toHaveProperty("gclid");
  expect((await onTheDevice(page)).session).toMatchObject({ utm_source: "google" });
});
