// The admin area with a keyboard and a screen reader (decision 196): axe (WCAG 2.x A/AA, 2.2's
// AA rules and best practices) on every admin screen in the states staff meet it — a list with
// rows, filtered to nothing, refused; a lead's page, its photo enlarged; a form refused; the
// dialogs — and the keyboard paths that lost focus or said nothing before. One signed-in page for
// the whole file: each screen costs a navigation and a scan, not a new browser context.

import type { BrowserContext, Page } from "@playwright/test";
import sharp from "sharp";
import { baseURL } from "../../playwright.config";
import { axe } from "./support/axe";
import { expect, test } from "./support/mailbox";
import { createWithRole, openAs, type Person, uniqueEmail } from "./support/people";

test.describe.configure({ mode: "serial" });

/**
 * No violation on the page, or `within` the part a state adds to a page already scanned (a
 * dialog, the bulk bar): a scan of the part takes a fraction of the page's second.
 */
async function expectNoViolations(page: Page, where: string, within?: string) {
  const builder = axe(page)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    // The campaign's preview is the mail in a sandboxed frame (no scripts): axe cannot enter it,
    // and waits for it forever. The mail is the newsletter's, checked where mails are.
    .exclude("iframe");
  const scan = await (within ? builder.include(within) : builder).analyze();
  const found = scan.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(found, where).toEqual([]);
}

let boss: Person;
let context: BrowserContext;
let page: Page;
/** The leads of this file, found by this word in the inbox's search. */
const tag = `Accesible${Date.now().toString(36)}`;
const leadIds: Record<string, number> = {};
let campaignId: number;
const campaignSubject = `Reformas sin obras ${tag}`;

test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  boss = await createWithRole(request, "super_admin", "Elena Teclado");
  const auth = { Authorization: `Bearer ${boss.token}` };
  // Three leads (one with a photo, to enlarge), a subscriber and a draft campaign.
  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: "#8a9a5b" },
  })
    .jpeg()
    .toBuffer();
  for (const [index, name] of ["Irene", "Óscar", "Pilar"].entries()) {
    const form = new FormData();
    for (const [field, value] of Object.entries({
      name: `${name} ${tag}`,
      email: uniqueEmail(name.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "")),
      phone: `61122233${index}`,
      subject: "Reforma de baño",
      message: "Cambiar la bañera por una ducha.",
    })) {
      form.append(field, value);
    }
    if (index === 0) {
      form.append("photos", new File([new Uint8Array(photo)], "baño.jpg", { type: "image/jpeg" }));
    }
    const sent = await request.post("/api/contacts", {
      headers: { "X-Forwarded-For": `198.51.100.${210 + index}` },
      multipart: form,
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const listed = await request.get(`/api/admin/contacts?q=${tag}`, { headers: auth });
  for (const lead of (await listed.json()).data.data as { id: number; name: string }[]) {
    leadIds[lead.name.split(" ")[0] ?? ""] = lead.id;
  }
  const subscribed = await request.post("/api/subscriptions", {
    headers: { "X-Forwarded-For": "198.51.100.213" },
    data: { email: uniqueEmail("lectora-a11y") },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const created = await request.post("/api/admin/campaigns/create", {
    headers: auth,
    data: { subject: campaignSubject, body: "## Ideas\n\nUna ducha a ras de suelo." },
  });
  expect(created.status(), await created.text()).toBe(201);
  campaignId = (await created.json()).data.id;
  await request.dispose();

  // A context of its own (axe opens a page in it to put its results together).
  context = await browser.newContext({
    baseURL,
    locale: "es-ES",
    viewport: { width: 1440, height: 900 },
  });
  page = await context.newPage();
  await openAs(page, boss, "/admin/users/index");
});

test.afterAll(async () => {
  await context?.close();
});

test("every admin screen passes axe, with rows, without, refused, and with its dialogs", async () => {
  // 17 axe runs: 35 s on a quiet 2-core machine, past 60 s beside a second worker (2026-11-27).
  test.setTimeout(120_000);
  const main = page.getByRole("main");
  const heading = main.getByRole("heading", { level: 1 });

  // Every section's list with rows; each tab says which screen it is.
  for (const [path, title] of [
    ["/admin/users/index", "Usuarios"],
    ["/admin/contacts/index?status=nuevo&sort=inbox", "Contactos"],
    ["/admin/subscriptions/index", "Suscripciones"],
    ["/admin/campaigns/index", "Campañas"],
    ["/admin/audit/index", "Registro de actividad"],
  ] as const) {
    await page.goto(path);
    await expect(main.getByRole("table").getByRole("row").nth(1)).toBeVisible();
    await expect(page).toHaveTitle(`${title} | Obra Mediterránea`);
    await expectNoViolations(page, path);
  }
  // The audit log has no bulk action: no box to tick that would do nothing.
  await expect(main.getByRole("checkbox")).toHaveCount(0);

  // On a phone: the section row, the folded filters and the cards.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/contacts/index?q=${tag}`);
  await expect(
    main.getByRole("heading", { level: 2, name: `Irene ${tag} — Reforma de baño` }),
  ).toBeVisible();
  await expectNoViolations(page, "inbox on a phone");
  await page.setViewportSize({ width: 1440, height: 900 });

  // Filtered to nothing, and an address the list refuses.
  await page.goto("/admin/contacts/index?q=nadie-se-llama-asi");
  await expect(main.getByText("No hay datos disponibles para mostrar.")).toBeVisible();
  await expectNoViolations(page, "empty search");
  // The filter panel, opened on demand (decision 272): its fields and the line beside its button.
  await main.getByRole("button", { name: /^Buscar y filtrar/ }).click();
  await expect(main.getByRole("searchbox", { name: "Buscar" })).toHaveValue("nadie-se-llama-asi");
  await expectNoViolations(page, "filter panel", "main");
  await page.goto("/admin/contacts/index?color=rojo");
  await expect(main.getByRole("alert")).toContainText("No se puede mostrar la lista");
  await expectNoViolations(page, "refused address");

  // Rows chosen: the bulk bar, with the reason «Perdido» asks for.
  await page.goto(`/admin/contacts/index?q=${tag}`);
  await main.getByRole("checkbox", { name: "Elegir todos los de esta página" }).check();
  const bar = main.getByRole("region", { name: "Acciones en bloque" });
  await bar.getByRole("combobox", { name: "Acción" }).selectOption({ label: "Pasar a «Perdido»" });
  await expect(bar.getByRole("textbox", { name: "Motivo" })).toBeVisible();
  await expectNoViolations(page, "bulk bar", "main section");
  // Its confirmation, then Escape: nothing changed.
  await bar.getByRole("button", { name: "Aplicar" }).click();
  await expect(
    page.getByRole("dialog", { name: "¿Cambiar el estado de 3 registros?" }),
  ).toBeVisible();
  await expectNoViolations(page, "bulk confirmation", "dialog[open]");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(bar.getByRole("button", { name: "Aplicar" })).toBeFocused();

  // A lead's page, with its photo, reply form, notes and history; the photo enlarged.
  await page.goto(`/admin/contacts/detail/${leadIds.Irene}`);
  await expect(heading).toHaveText(`Irene ${tag} — Reforma de baño`);
  await expect(page).toHaveTitle(`Irene ${tag} — Reforma de baño · Contactos | Obra Mediterránea`);
  const thumbnail = main.getByRole("button", { name: "Ampliar la foto 1 de 1: baño.jpg" });
  await expect(thumbnail.locator("img")).toHaveCount(1);
  await expect(main.getByRole("textbox", { name: "Mensaje" })).toBeVisible();
  await expectNoViolations(page, "lead's page");
  await thumbnail.click();
  await expect(page.getByRole("dialog", { name: "baño.jpg" }).getByRole("img")).toBeVisible();
  await expectNoViolations(page, "photo enlarged", "dialog[open]");
  await page.keyboard.press("Escape");
  await expect(thumbnail).toBeFocused();

  // A record that is not there keeps a heading to land on.
  await page.goto("/admin/contacts/detail/999999999");
  await expect(main.getByRole("alert")).toBeVisible();
  await expect(heading).toHaveText("Contactos");
  await expectNoViolations(page, "missing lead");

  // The edit form of a lead, and a create form refused: each field names its message.
  await page.goto(`/admin/contacts/update/${leadIds.Óscar}`);
  await expect(main.getByRole("button", { name: "Guardar cambios" })).toBeVisible();
  await expectNoViolations(page, "lead's edit form");
  await page.goto("/admin/users/create");
  await main.getByRole("button", { name: "Crear" }).click();
  const name = main.getByRole("textbox", { name: "Nombre" });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription("El campo «Nombre» es obligatorio.");
  await expect(name).toBeFocused();
  await expect(main.getByRole("alert")).toHaveText("Revisa los campos marcados.");
  await expectNoViolations(page, "refused form");

  // A campaign's screen names the campaign in its tab; its send asks first.
  await page.goto(`/admin/campaigns/send/${campaignId}`);
  await expect(heading).toHaveText(campaignSubject);
  await expect(page).toHaveTitle(`${campaignSubject} · Campaña · Campañas | Obra Mediterránea`);
  await expectNoViolations(page, "campaign");
  await main.getByRole("button", { name: "Enviar a los suscriptores" }).click();
  await expect(page.getByRole("dialog", { name: "¿Enviar la campaña?" })).toBeVisible();
  await expectNoViolations(page, "send confirmation", "dialog[open]");
  await page.keyboard.press("Escape");
  await expect(main).toContainText("Estado: Borrador");
});

test("with the keyboard: focus and a spoken answer after each change", async () => {
  const main = page.getByRole("main");
  const heading = main.getByRole("heading", { level: 1 });
  const status = main.getByRole("status").first();

  // A refused bulk «Perdido» takes the keyboard to its reason, which names why.
  await page.goto(`/admin/contacts/index?q=${tag}`);
  await main.getByRole("checkbox", { name: `Elegir Pilar ${tag} — Reforma de baño` }).check();
  const bar = main.getByRole("region", { name: "Acciones en bloque" });
  const action = bar.getByRole("combobox", { name: "Acción" });
  await action.selectOption({ label: "Pasar a «Perdido»" });
  const apply = bar.getByRole("button", { name: "Aplicar" });
  await apply.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("dialog").getByRole("button", { name: "Cambiar" }).press("Enter");
  const reason = bar.getByRole("textbox", { name: "Motivo" });
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toHaveAccessibleDescription(/Indica el motivo/);
  // Done, the bar leaves with the rows it changed: focus goes to the list's heading, and the
  // status line says what was done (before: focus fell to the page, the next Tab at its top).
  await action.selectOption({ label: "Pasar a «Contactado»" });
  await apply.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("dialog").getByRole("button", { name: "Cambiar" }).press("Enter");
  await expect(status).toHaveText("Se ha modificado 1 registro.");
  await expect(heading).toBeFocused();

  // A row deleted from the list, from its «⋯» menu: the same.
  await main
    .getByRole("button", { name: `Acciones: Pilar ${tag} — Reforma de baño` })
    .press("Enter");
  await main.getByRole("button", { name: `Borrar Pilar ${tag} — Reforma de baño` }).focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog", { name: "¿Borrar este registro?" });
  // The safe answer first; Tab reaches the other, and stays in the dialog.
  await expect(confirm.getByRole("button", { name: "Cancelar" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Borrar" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(status).toHaveText("El registro se ha eliminado correctamente.");
  await expect(heading).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(main.getByRole("button", { name: "Exportar Excel" })).toBeFocused();

  // A note saved is said, not only seen in the list above the form.
  await page.goto(`/admin/contacts/detail/${leadIds.Óscar}`);
  const notes = main.getByRole("region", { name: "Notas internas" });
  await notes.getByRole("textbox", { name: "Nueva nota" }).fill("Llamar el lunes.");
  await notes.getByRole("button", { name: "Añadir nota" }).press("Enter");
  await expect(notes.getByRole("status")).toHaveText("La nota se ha guardado correctamente.");
  await expect(notes.getByRole("button", { name: "Añadir nota" })).toBeFocused();

  // A saved form's dialog closes on the list, whose heading takes the focus.
  await page.goto(`/admin/campaigns/update/${campaignId}`);
  await main.getByRole("button", { name: "Guardar cambios" }).press("Enter");
  const saved = page.getByRole("dialog");
  await expect(saved.getByRole("button", { name: "Aceptar" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/campaigns\/index$/);
  await expect(heading).toBeFocused();

  // A test of a campaign, sent with the keyboard, keeps the keyboard on its button.
  await page.goto(`/admin/campaigns/send/${campaignId}`);
  const trial = main.getByRole("button", { name: "Enviar prueba" });
  await trial.press("Enter");
  await expect(main.getByRole("status")).toHaveText(`Te hemos enviado la campaña a ${boss.email}.`);
  await expect(trial).toBeFocused();
});
