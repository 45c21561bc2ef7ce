// The site header (SPEC §2): menu with the Servicios dropdown, the current page marked, the
// mobile menu, and 'Llámanos' recording a conversion before dialling.
import { expect, test } from "@playwright/test";
import { gtagCommands, visit, withConsentChosen } from "./chrome-support";
import { axe } from "./support/axe";

test.beforeEach(async ({ page }) => {
  await withConsentChosen(page);
});

test.describe("desktop header", () => {
  test("the Servicios dropdown opens on click and leads to a category page", async ({ page }) => {
    await visit(page, "/");
    const nav = page.getByRole("navigation", { name: "Principal" });
    const servicios = nav.getByRole("button", { name: "Servicios" });
    await expect(servicios).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Reformas" })).toBeHidden();

    await servicios.click();
    await expect(servicios).toHaveAttribute("aria-expanded", "true");
    for (const name of ["Reformas", "Construcción", "Interiorismo"]) {
      await expect(nav.getByRole("link", { name })).toBeVisible();
    }
    // A click elsewhere closes it.
    await page.locator("h1").first().click();
    await expect(servicios).toHaveAttribute("aria-expanded", "false");

    await servicios.click();
    await nav.getByRole("link", { name: "Construcción" }).click();
    await expect(page).toHaveURL(/\/service\/construccion$/);
    await expect(servicios).toHaveAttribute("aria-expanded", "false");
    await expect(nav.locator('a[href="/service/construccion"]')).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the dropdown works with the keyboard alone", async ({ page }) => {
    await visit(page, "/");
    const nav = page.getByRole("navigation", { name: "Principal" });
    const servicios = nav.getByRole("button", { name: "Servicios" });
    await servicios.focus();
    await page.keyboard.press("Enter");
    await expect(servicios).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Reformas" })).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(servicios).toHaveAttribute("aria-expanded", "false");
    await expect(servicios).toBeFocused();

    await page.keyboard.press("Space");
    await expect(servicios).toHaveAttribute("aria-expanded", "true");
    // Tabbing past the last item leaves the menu and closes it.
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Galería" })).toBeFocused();
    await expect(servicios).toHaveAttribute("aria-expanded", "false");

    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(nav.getByRole("link", { name: "Galería" })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("the current page is marked and the skip link leads to the content", async ({ page }) => {
    await visit(page, "/contact");
    const nav = page.getByRole("navigation", { name: "Principal" });
    await expect(nav.getByRole("link", { name: "Contacto" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(nav.getByRole("link", { name: "Inicio" })).not.toHaveAttribute("aria-current");

    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Saltar al contenido" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute("href", "#contenido");
  });

  test("the header shows the company's phone and e-mail; the logo leads home", async ({ page }) => {
    await visit(page, "/team");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /960 000 000/ }).first()).toBeVisible();
    await expect(header.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
    await header.getByRole("link", { name: "Obra Mediterránea, inicio" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("Llámanos records a conversion, then dials after 500 ms", async ({ page }) => {
    await visit(page, "/services");
    const dialled = page.waitForRequest((request) => request.url().startsWith("tel:"));
    const clickedAt = Date.now();
    await page
      .getByRole("banner")
      .getByRole("link", { name: /Llámanos/ })
      .click();

    const conversions = (await gtagCommands(page)).filter(
      ([command, name]) => command === "event" && name === "conversion",
    );
    expect(conversions).toEqual([["event", "conversion", { conversion_type: "phone" }]]);
    expect(page.url()).toMatch(/\/services$/);

    const request = await dialled;
    expect(request.url()).toBe("tel:+34960000000");
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(450);
  });

  test("WhatsApp records a conversion, then opens a chat naming the page", async ({ page }) => {
    // Each gtag command is handed to the test as it is pushed: the page itself is gone once the
    // chat opens, which on a busy machine can come before the test reads the page.
    const commands: unknown[][] = [];
    await page.exposeFunction("recordGtagCommand", (command: unknown[]) => commands.push(command));
    await page.addInitScript(() => {
      const layer: unknown[] = [];
      const push = layer.push.bind(layer);
      const record = (window as unknown as { recordGtagCommand: (c: unknown[]) => void })
        .recordGtagCommand;
      layer.push = (...entries: unknown[]) => {
        for (const entry of entries) record(Array.from(entry as ArrayLike<unknown>));
        return push(...entries);
      };
      window.dataLayer = layer;
    });
    // content/company.ts's whatsapp: "" would hide the link (issue 12).
    await visit(page, "/services");
    const link = page.getByRole("banner").getByRole("link", { name: "WhatsApp" });
    await expect(link).toHaveAttribute("href", "https://wa.me/34600000000");
    const chat = page.waitForRequest((request) => request.url().startsWith("https://wa.me/"));
    await page.route("https://wa.me/**", (route) => route.fulfill({ body: "WhatsApp" }));
    await link.click();
    const text = new URL((await chat).url()).searchParams.get("text") ?? "";
    expect(text).toMatch(/^Hola, os escribo desde vuestra página «.*Servicios.*»/);
    await expect
      .poll(() =>
        commands.filter(([command, name]) => command === "event" && name === "conversion"),
      )
      .toEqual([["event", "conversion", { conversion_type: "whatsapp" }]]);
  });
});

test.describe("signed in", () => {
  test("the logo leads to the dashboard and the account menu shows the user", async ({
    page,
    request,
  }) => {
    const email = `cabecera-${Date.now()}@ejemplo.es`;
    const registered = await request.post("/api/register", {
      data: {
        name: "Marta Soler",
        email,
        password: "Una-clave-larga-2026",
        password_confirmation: "Una-clave-larga-2026",
      },
    });
    expect(registered.status()).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    await page.addInitScript((value) => window.localStorage.setItem("authToken", value), token);

    await visit(page, "/services");
    const header = page.getByRole("banner");
    // The pre-rendered page is the same for everyone; the header follows the session after hydration.
    await expect(header.getByRole("button", { name: "Marta Soler" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Obra Mediterránea, inicio" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    await expect(header.getByRole("link", { name: "Iniciar sesión" })).toHaveCount(0);
  });
});

test("navigating scrolls to the top of the new page", async ({ page }) => {
  await visit(page, "/");
  const legal = page.getByRole("contentinfo").getByRole("link", { name: "Aviso legal" });
  await legal.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await legal.click();
  await expect(page).toHaveURL(/\/terms-and-conditions$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("phone-sized header", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("call and quote are one tap away; the menu opens by touch", async ({ page }) => {
    await visit(page, "/");
    await expect(page.getByRole("link", { name: "Llámanos" })).toBeVisible();
    await expect(page.getByRole("link", { name: "WhatsApp" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Pide presupuesto" }).first()).toBeVisible();

    const menu = page.getByRole("button", { name: "Menú" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    const mobileNav = page.getByRole("navigation", { name: "Menú principal" });
    await expect(mobileNav).toBeHidden();

    await menu.tap();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(mobileNav).toBeVisible();
    await expect(mobileNav.getByRole("link", { name: "Inicio" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(mobileNav.getByRole("link", { name: /960 000 000/ })).toBeVisible();

    await mobileNav.getByRole("button", { name: "Servicios" }).tap();
    await mobileNav.getByRole("link", { name: "Interiorismo" }).tap();
    await expect(page).toHaveURL(/\/service\/interiorismo$/);
    await expect(mobileNav).toBeHidden();
  });

  test("the bottom bar asks for a quote only where there is none to ask for, and leaves account forms alone", async ({
    page,
  }) => {
    const bar = page.locator(".fixed.bottom-0");
    // On the quote form itself: the calls stay a tap away, the quote is the page.
    await visit(page, "/contact");
    await expect(bar.getByRole("link", { name: "Llámanos" })).toBeVisible();
    await expect(bar.getByRole("link", { name: "Pide presupuesto" })).toHaveCount(0);
    // On the account screens the bar would cover the form's button under the keyboard, for a
    // visitor who came to sign in, not to ask for a quote: no bar, and no room kept for it.
    for (const path of ["/login", "/register", "/forgot-password"]) {
      await visit(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(bar, path).toBeHidden();
      expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom), path).toBe(
        "0px",
      );
    }
    // Everywhere else, the three actions.
    await visit(page, "/services");
    await expect(bar.getByRole("link", { name: "Pide presupuesto" })).toBeVisible();
  });

  test("the menu closes with Escape and gives focus back to its button", async ({ page }) => {
    await visit(page, "/gallery");
    const menu = page.getByRole("button", { name: "Menú" });
    await menu.focus();
    await page.keyboard.press("Enter");
    const mobileNav = page.getByRole("navigation", { name: "Menú principal" });
    await expect(mobileNav).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mobileNav).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test("the open menu has no accessibility violation", async ({ page }) => {
    await visit(page, "/services");
    await page.getByRole("button", { name: "Menú" }).tap();
    await page
      .getByRole("navigation", { name: "Menú principal" })
      .getByRole("button", { name: "Servicios" })
      .tap();
    const scan = await axe(page).analyze();
    expect(scan.violations).toEqual([]);
  });
});

test.describe("the narrowest phones (320 px)", () => {
  test.use({ viewport: { width: 320, height: 640 }, hasTouch: true, isMobile: true });

  test("every word of the bottom bar's actions stays inside its button", async ({ page }) => {
    await visit(page, "/");
    for (const name of ["Llámanos", "WhatsApp", "Pide presupuesto"]) {
      const action = page.locator(".fixed.bottom-0").getByRole("link", { name });
      await expect(action).toBeVisible();
      // The label's widest line against the button's inner width (padding and border aside).
      const overflow = await action.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const words = Array.from(range.getClientRects());
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const left = box.left + Number.parseFloat(style.borderLeftWidth);
        const right = box.right - Number.parseFloat(style.borderRightWidth);
        return Math.max(0, ...words.map((r) => Math.max(left - r.left, r.right - right)));
      });
      expect(overflow, name).toBeLessThanOrEqual(0.5);
    }
  });
});

test.describe("every width from 320 to 1440 px", () => {
  // Issue: between 640 and 1087 px the header's actions did not fit (the menu button or «Pide
  // presupuesto» cut off, the page scrolling sideways, the quote link on two lines). Every
  // 32 px, plus the edges of each band below: each broken stretch was wider than that, and the
  // sweep finds them on the header before the fix (decision 170).
  const widths = Array.from({ length: (1440 - 320) / 32 + 1 }, (_, step) => 320 + step * 32);

  for (const path of ["/", "/service/reformas/reformas-de-hoteles"]) {
    test(`${path}: nothing scrolls sideways, the menu and a quote link are always whole`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 320, height: 700 });
      await visit(page, path);
      const problems: string[] = [];
      for (const width of [...widths, 639, 640, 767, 768, 1023, 1024, 1087, 1279, 1280]) {
        await page.setViewportSize({ width, height: 700 });
        const found = await page.evaluate(() => {
          const found: string[] = [];
          const inside = (element: Element) => {
            const box = element.getBoundingClientRect();
            return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth + 0.5;
          };
          const shown = (element: Element) => element.getBoundingClientRect().width > 0;
          /** How many lines a control's text takes. */
          const lines = (element: Element) => {
            const tops = new Set<number>();
            const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const rect of range.getClientRects()) {
                // Text a screen reader reads but nobody sees (sr-only) takes no line.
                if (rect.width > 1) tops.add(Math.round(rect.top));
              }
            }
            return tops.size;
          };
          if (document.documentElement.scrollWidth > window.innerWidth) {
            found.push(
              `scrolls sideways by ${document.documentElement.scrollWidth - window.innerWidth} px`,
            );
          }
          const header = document.querySelector("body > header, header.sticky") as HTMLElement;
          // Every control drawn in the header's row (not the closed menus' panels) is whole and
          // on one line; the phone bar's actions may wrap (tested at 320 px above).
          const bar = header.querySelector(".fixed.bottom-0");
          for (const control of header.querySelectorAll("a, button")) {
            if (!shown(control) || bar?.contains(control)) continue;
            const name = control.textContent?.trim() || control.getAttribute("aria-label");
            if (!inside(control)) found.push(`«${name}» is cut off`);
            // The wordmark stands on two lines below 1280 px by design.
            const wordmark = control.getAttribute("aria-label")?.endsWith(", inicio");
            if (!wordmark && lines(control) > 1) found.push(`«${name}» wraps`);
          }
          const menu = [...header.querySelectorAll("button")].find(
            (button) => button.textContent?.trim() === "Menú",
          );
          const desktopNav = header.querySelector('nav[aria-label="Principal"]');
          if (!(desktopNav && shown(desktopNav)) && !(menu && inside(menu))) {
            found.push("no menu within reach");
          }
          const quote = [...header.querySelectorAll("a")].filter(
            (link) => link.textContent?.trim() === "Pide presupuesto" && inside(link),
          );
          if (quote.length === 0) found.push("no whole «Pide presupuesto» link");
          return found;
        });
        problems.push(...found.map((problem) => `${width} px: ${problem}`));
      }
      expect(problems).toEqual([]);
    });
  }
});
