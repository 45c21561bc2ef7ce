// Cookie consent (SPEC §4, docs/decisions/035): what a visitor chooses is what Google's tags
// are told, the choice survives a reload, and nothing leaves the site before consent.
import { expect, type Page, test } from "@playwright/test";
import {
  cookieBanner,
  denied,
  expectNoBanner,
  granted,
  gtagCommands,
  visit,
  waitForHydration,
} from "./chrome-support";
import { axe } from "./support/axe";

const consentUpdates = async (page: Page) =>
  (await gtagCommands(page)).filter(
    ([command, kind]) => command === "consent" && kind === "update",
  );

test.describe("cookie banner", () => {
  test("a first visit starts with every signal denied and offers three equal choices", async ({
    page,
  }) => {
    await visit(page, "/");
    const commands = await gtagCommands(page);
    expect(commands[0]).toEqual(["consent", "default", denied]);
    expect(await consentUpdates(page)).toEqual([]);

    const banner = cookieBanner(page);
    await expect(banner).toBeVisible();
    const buttons = ["Aceptar", "Rechazar", "Preferencias"].map((name) =>
      banner.getByRole("button", { name, exact: true }),
    );
    const looks = await Promise.all(
      buttons.map((button) =>
        button.evaluate((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          return {
            background: style.backgroundColor,
            color: style.color,
            font: `${style.fontSize} ${style.fontWeight}`,
            height: Math.round(box.height),
            width: Math.round(box.width),
          };
        }),
      ),
    );
    // Equally prominent (AEPD): same colours, type and size for accept, reject and preferences.
    expect(looks[1]).toEqual(looks[0]);
    expect(looks[2]).toEqual(looks[0]);

    // The keyboard meets the choice right after «Saltar al contenido», not after the footer.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Saltar al contenido" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(banner.locator(":focus")).toHaveCount(1);
  });

  test("on phones too the three choices are the same size, as the cookie policy says", async ({
    page,
  }) => {
    // «Preferencias» used to take a row of its own (328 px against 160 px at 360 px), then a
    // second row at the same size, which made the banner too tall for the page above it.
    for (const width of [320, 360, 390, 430, 479, 480, 640]) {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, "/");
      const banner = cookieBanner(page);
      await expect(banner).toBeVisible();
      const buttons = await Promise.all(
        ["Aceptar", "Rechazar", "Preferencias"].map((name) =>
          banner.getByRole("button", { name, exact: true }).evaluate((element) => {
            const box = element.getBoundingClientRect();
            const label = document.createRange();
            label.selectNodeContents(element);
            const text = label.getBoundingClientRect();
            return {
              size: `${Math.round(box.width)}x${Math.round(box.height)}`,
              // The label's room from the button's edges, each side (its border is 2 px).
              room: Math.min(text.left - box.left, box.right - text.right),
            };
          }),
        ),
      );
      const sizes = buttons.map((button) => button.size);
      expect(new Set(sizes).size, `${width} px: ${sizes.join(", ")}`).toBe(1);
      // One row on every phone (decision 182), and each label whole inside its button, clear of
      // the border: «Preferencias» once ran 3 px from it, off centre, at 320 and 360 px.
      expect(
        new Set(
          await banner
            .getByRole("button")
            .evaluateAll((all) => all.map((b) => Math.round(b.getBoundingClientRect().top))),
        ).size,
      ).toBe(1);
      for (const button of buttons) expect(button.room, `${width} px`).toBeGreaterThanOrEqual(6);
    }
  });

  test("on phones the banner stands on the call bar: «Llámanos» is seen and tapped, not the preferences", async ({
    page,
  }) => {
    for (const width of [320, 360, 390, 639]) {
      await page.setViewportSize({ width, height: 740 });
      await visit(page, "/");
      await expect(cookieBanner(page)).toBeVisible();
      const call = page.getByRole("link", { name: /Llámanos/ }).last();
      const [bar, banner] = await Promise.all([
        call.evaluate((link) => (link.parentElement as HTMLElement).getBoundingClientRect().top),
        cookieBanner(page).evaluate((element) => element.getBoundingClientRect().bottom),
      ]);
      expect(banner, `${width} px`).toBeLessThanOrEqual(bar);
      // Playwright's own check that a tap would land on the link, not on something over it.
      await call.click({ trial: true, timeout: 3000 });
    }
  });

  test("Aceptar without picking grants all four signals and the banner stays away", async ({
    page,
  }) => {
    await visit(page, "/");
    await cookieBanner(page).getByRole("button", { name: "Aceptar" }).click();
    await expectNoBanner(page);
    expect(await consentUpdates(page)).toEqual([["consent", "update", granted]]);

    await page.reload();
    await waitForHydration(page);
    const commands = await gtagCommands(page);
    expect(commands[0]).toEqual(["consent", "default", denied]);
    expect(commands[1]).toEqual(["consent", "update", granted]);
    await expectNoBanner(page);
  });

  test("Rechazar denies all four signals and is remembered", async ({ page }) => {
    await visit(page, "/team");
    await cookieBanner(page).getByRole("button", { name: "Rechazar" }).click();
    await expectNoBanner(page);
    expect(await consentUpdates(page)).toEqual([["consent", "update", denied]]);

    await page.reload();
    await waitForHydration(page);
    expect(await consentUpdates(page)).toEqual([["consent", "update", denied]]);
    await expectNoBanner(page);
  });

  test("Preferencias: all off, Guardar applies the ticked ones and keeps the banner open", async ({
    page,
  }) => {
    await visit(page, "/");
    const banner = cookieBanner(page);
    await banner.getByRole("button", { name: "Preferencias" }).click();
    const boxes = banner.getByRole("checkbox");
    await expect(boxes).toHaveCount(4);
    for (const box of await boxes.all()) await expect(box).not.toBeChecked();

    // Atrás goes back without applying anything.
    await banner.getByRole("button", { name: "Atrás" }).click();
    await expect(banner.getByRole("checkbox")).toHaveCount(0);
    await expect(banner.getByRole("button", { name: "Preferencias" })).toBeFocused();
    expect(await consentUpdates(page)).toEqual([]);

    await banner.getByRole("button", { name: "Preferencias" }).click();
    await banner.getByRole("checkbox", { name: /Analítica/ }).check();
    await banner.getByRole("button", { name: "Guardar" }).click();

    await expect(banner).toBeVisible();
    await expect(banner.getByRole("checkbox")).toHaveCount(0);
    await expect(banner.getByText("Preferencias guardadas.")).toBeVisible();
    const analyticsOnly = { ...denied, analytics_storage: "granted" };
    expect(await consentUpdates(page)).toEqual([["consent", "update", analyticsOnly]]);

    // Aceptar now confirms what was picked, not everything.
    await banner.getByRole("button", { name: "Aceptar" }).click();
    await expectNoBanner(page);
    expect((await consentUpdates(page)).at(-1)).toEqual(["consent", "update", analyticsOnly]);

    await page.reload();
    await waitForHydration(page);
    expect(await consentUpdates(page)).toEqual([["consent", "update", analyticsOnly]]);
    await expectNoBanner(page);
  });

  test("the footer link reopens the preferences with the stored choice", async ({ page }) => {
    await visit(page, "/");
    await cookieBanner(page).getByRole("button", { name: "Rechazar" }).click();
    await expectNoBanner(page);

    await page.getByRole("button", { name: "Preferencias de cookies" }).click();
    const banner = cookieBanner(page);
    await expect(banner.getByRole("heading", { name: "Elige qué cookies permites" })).toBeFocused();
    await banner.getByRole("checkbox", { name: /Publicidad personalizada/ }).check();
    await banner
      .getByRole("checkbox", { name: /^Publicidad/ })
      .first()
      .check();
    await banner.getByRole("button", { name: "Guardar" }).click();
    expect((await consentUpdates(page)).at(-1)).toEqual([
      "consent",
      "update",
      { ...denied, ad_storage: "granted", ad_personalization: "granted" },
    ]);
  });

  test("no request leaves the site before or after consent when no Google id is set", async ({
    page,
  }) => {
    const foreign: string[] = [];
    await page.route(
      (url) => url.hostname !== "localhost" && url.hostname !== "127.0.0.1",
      (route) => {
        foreign.push(route.request().url());
        return route.abort();
      },
    );
    for (const path of ["/", "/team", "/contact", "/gallery", "/services"]) {
      await visit(page, path);
    }
    await cookieBanner(page).getByRole("button", { name: "Aceptar" }).click();
    await visit(page, "/service/reformas");
    await page.getByRole("link", { name: "Inicio", exact: true }).first().click();
    await page.waitForLoadState("networkidle");
    expect(foreign).toEqual([]);
  });

  test("each navigation is one page view", async ({ page }) => {
    await visit(page, "/");
    await cookieBanner(page).getByRole("button", { name: "Rechazar" }).click();
    await page
      .getByRole("navigation", { name: "Principal" })
      .getByRole("link", { name: "Equipo" })
      .click();
    await expect(page).toHaveURL(/\/team$/);
    await expect
      .poll(async () =>
        (await gtagCommands(page))
          .filter(([command, name]) => command === "event" && name === "page_view")
          .map(([, , params]) => (params as { page_path: string }).page_path),
      )
      .toEqual(["/", "/team"]);
  });

  test("before a choice, the end of the page stays reachable: the banner stands after the footer", async ({
    page,
  }) => {
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await visit(page, "/team");
      await expect(cookieBanner(page)).toBeVisible();
      // Playwright's own check that a click would land on the button, not on something over it.
      const subscribe = page.locator("#suscription").getByRole("button", { name: "Suscribirme" });
      await subscribe.click({ trial: true, timeout: 3000 });
      const field = page.locator("#suscription").getByLabel("Tu correo electrónico");
      await field.click({ trial: true, timeout: 3000 });
    }
  });

  test("the open banner has no accessibility violation", async ({ page }) => {
    await visit(page, "/contact");
    await expect(cookieBanner(page)).toBeVisible();
    const scan = await axe(page).analyze();
    expect(scan.violations).toEqual([]);
    await cookieBanner(page).getByRole("button", { name: "Preferencias" }).click();
    const preferences = await axe(page).analyze();
    expect(preferences.violations).toEqual([]);
  });
});
