// «Mis solicitudes» (issue 36; decisions 263, 267, 268), as a registered visitor lives it on a
// desktop and on a phone: the request they sent from the form, signed in, shows on /dashboard
// with a client's status, which changes when staff move the lead in the admin; they add a photo
// and see it; they erase their data and the request leaves the list. Another visitor's request
// never shows, and no public page loads the screen's code.
import sharp from "sharp";
import { visit, waitForHydration } from "./chrome-support";
import { axe } from "./support/axe";
import { onDesktopAndPhone } from "./support/devices";
import { expect, test } from "./support/mailbox";
import { createWithRole, openAs, type Person, registerVerified } from "./support/people";
import {
  fillRequest,
  likeAPerson,
  onPlaywrightsClock,
  quoteForm,
  send,
} from "./support/quote-form";

test.describe.configure({ mode: "serial" });

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#5a7d9a" } })
    .jpeg()
    .toBuffer();

let staff: Person;
test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`,
  });
  staff = await createWithRole(request, "admin", "Marta Oficina");
  await request.dispose();
});

let ip = 60;
/** A request sent signed in as `person` (the form sends the token); answers its reference. */
async function sendAs(
  request: import("@playwright/test").APIRequestContext,
  person: Person,
  subject: string,
) {
  ip += 1;
  const res = await request.post("/api/contacts", {
    headers: { Authorization: `Bearer ${person.token}`, "X-Forwarded-For": `198.51.100.${ip}` },
    data: {
      name: person.name,
      email: person.email,
      subject,
      message: "Queremos cambiar la bañera por un plato de ducha.",
      service: "reformas-de-banos",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).reference as string;
}

onDesktopAndPhone((device) => {
  test("a visitor follows their request, adds a photo and erases it; another's never shows", async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(180_000);
    const ana = await registerVerified(request, mailbox, "Ana Soler");
    const bruno = await registerVerified(request, mailbox, "Bruno Vidal");
    const theirs = await sendAs(request, bruno, `Baño ajeno ${device} ${Date.now()}`);

    // Ana sends hers from a service page's form, signed in: the form ties it to her account.
    ip += 1;
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${ip}` });
    await onPlaywrightsClock(page);
    await openAs(page, ana, "/service/reformas/reformas-de-banos");
    await waitForHydration(page);
    await page
      .getByRole("main")
      .getByRole("link", { name: "Pide presupuesto de reformas de baños" })
      .click();
    const form = quoteForm(page);
    await fillRequest(form, {
      Nombre: ana.name,
      "Correo electrónico": ana.email,
      Mensaje: `Baño ${device}: cambiar la bañera por un plato de ducha.`,
    });
    await likeAPerson(page);
    await send(form);
    const sent = page.getByRole("dialog");
    await expect(sent).toContainText(/Tu referencia es OM-\d{4}-\d{5}\./);
    const mine = (await sent.textContent())?.match(/OM-\d{4}-\d{5}/)?.[0] ?? "none";
    await sent.getByRole("button", { name: "Aceptar" }).click();

    await page.goto("/dashboard");
    const main = page.getByRole("main");
    const section = main.getByRole("region", { name: "Mis solicitudes" });
    await expect(section).toBeVisible();
    const card = section.getByRole("article").filter({ hasText: mine });
    await expect(card).toBeVisible();
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(/baño/i);
    await expect(card).toContainText("Recibida");
    await expect(section).not.toContainText(theirs);

    // Staff move the lead from their inbox: the visitor reads it in their words.
    await openAs(page, staff, `/admin/contacts/index?q=${mine}`);
    await expect(main.locator('p[aria-live="polite"]')).toHaveText("1 registro");
    await main.getByRole("combobox", { name: /^Estado:/ }).selectOption({ label: "Visita" });
    await expect(main.getByRole("status").filter({ hasText: "cambiado a «Visita»" })).toBeVisible();
    await openAs(page, ana, "/dashboard");
    await expect(card).toContainText("Visita");
    await expect(card).not.toContainText("Recibida");

    // A photo added, then shown.
    await card
      .getByLabel("Añadir fotos")
      .setInputFiles({ name: "bano-actual.jpg", mimeType: "image/jpeg", buffer: await photo() });
    await card.getByRole("button", { name: "Enviar fotos" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Hemos añadido 1 foto a tu solicitud.");
    await dialog.getByRole("button", { name: "Aceptar" }).click();
    await expect(card.getByRole("img", { name: "bano-actual.jpg" })).toBeVisible();
    // WCAG 2.1 AA with a request, its photo and its controls on screen.
    const scan = await axe(page)
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .include("main")
      .analyze();
    expect(
      scan.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`),
    ).toEqual([]);

    // Erased on the visitor's word: asked first, then gone from the list.
    await card.getByRole("button", { name: "Borrar mis datos de esta solicitud" }).click();
    await expect(dialog).toContainText("No se puede deshacer");
    await dialog.getByRole("button", { name: "Borrar mis datos" }).click();
    await expect(page.getByRole("dialog")).toContainText(
      `Hemos borrado tus datos personales de la solicitud ${mine}`,
    );
    await page.getByRole("dialog").getByRole("button", { name: "Aceptar" }).click();
    await expect(section).not.toContainText(mine);
    await expect(section).toContainText("Aún no tienes solicitudes");

    // Bruno's is still his, and still there.
    await openAs(page, bruno, "/dashboard");
    await expect(
      page.getByRole("region", { name: "Mis solicitudes" }).getByText(theirs),
    ).toBeVisible();
  });
});

test("/register says what an account is for, and public pages never load «Mis solicitudes»", async ({
  page,
}) => {
  await openAs(page, null, "/register");
  await expect(page.getByRole("main")).toContainText("sigues tus solicitudes de presupuesto");
  // Every script a public page runs, read for the screen's own words.
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    // Module preloads included: whatever JavaScript the page fetched.
    if (new URL(response.url()).pathname.endsWith(".js")) scripts.push(response.text());
  });
  for (const path of ["/", "/contact", "/services"]) {
    await visit(page, path);
  }
  const bodies = await Promise.all(scripts);
  expect(bodies.length).toBeGreaterThan(0);
  expect(bodies.filter((body) => body.includes("Aún no tienes solicitudes"))).toEqual([]);
});
