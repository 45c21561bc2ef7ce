// Issue 37's inbox «at a glance» (decision 272), on a desktop and on a 390 × 844 phone: the table
// first, the filters in a panel that opens on demand and applies as staff change it (typing once
// it pauses, its count read out); tabs that say how many leads each opens; each staff member's
// last view restored when they come back, and cleared by «Quitar filtros»; and the reply form's
// template selector filling in the client's name and reference (decision 258).
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { onDesktopAndPhone } from "./support/devices";
import { expect, test } from "./support/mailbox";
import { createWithRole, openAs, type Person, uniqueEmail } from "./support/people";

let address = 60 + Math.floor(Math.random() * 100);
/** Leads sent from the contact form, each from its own address; answers their ids and names. */
async function sendLeads(
  request: APIRequestContext,
  staff: Person,
  tag: string,
  services: string[],
): Promise<{ id: number; name: string; email: string }[]> {
  const leads = [];
  for (const [n, service] of services.entries()) {
    address += 1;
    const name = `${String.fromCharCode(65 + n)}${tag} Cliente`;
    const email = uniqueEmail("filtros");
    const sent = await request.post("/api/contacts", {
      headers: { "X-Forwarded-For": `198.18.${Math.floor(address / 250)}.${(address % 250) + 1}` },
      data: {
        name,
        email,
        phone: `612 555 ${String(address % 1000).padStart(3, "0")}`,
        subject: `Reforma ${n + 1}`,
        message: `Queremos presupuesto ${tag}.`,
        service,
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
  const found = await request.get(`/api/admin/contacts?q=${tag}&sort=name&dir=asc`, {
    headers: { Authorization: `Bearer ${staff.token}` },
  });
  for (const lead of (await found.json()).data.data) {
    leads.push({ id: lead.id as number, name: lead.name as string, email: lead.email as string });
  }
  expect(leads).toHaveLength(services.length);
  return leads;
}

/** The list's count, as it is read out (an `aria-live` line). */
const liveCount = (main: Locator) => main.locator('p[aria-live="polite"]');

/** The filter panel's button, whatever number of filters it says apply. */
const panelButton = (main: Locator) => main.getByRole("button", { name: /^Buscar y filtrar/ });

/** The tab's count: the number after its name («Nuevo 3»). */
async function tabCount(tab: Locator): Promise<number> {
  return Number((await tab.locator("[data-tab-count]").textContent())?.replace(/\D/g, ""));
}

/** The first lead's link the screen shows: the table's row on a desktop, the card on a phone. */
const firstLead = (page: Page) =>
  page
    .getByRole("main")
    .locator('a[href*="/admin/contacts/detail/"]')
    .filter({ visible: true })
    .first();

onDesktopAndPhone((device) => {
  test("the list comes first; the filters open on demand and apply as they change", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const staff = await createWithRole(request, "admin", `Sara Filtros ${device}`);
    const tag = `Panel${device}${Date.now().toString(36)}`;
    await sendLeads(request, staff, tag, [
      "reformas-de-cocinas",
      "reformas-de-cocinas",
      "reformas-de-banos",
    ]);
    await openAs(page, staff, "/admin/contacts/index?status=nuevo&sort=inbox&per_page=50");
    const main = page.getByRole("main");
    const button = panelButton(main);
    // Folded: no field stands between the heading and the leads.
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(main.getByRole("searchbox", { name: "Buscar" })).toBeHidden();
    await expect(firstLead(page)).toBeInViewport();

    // Open, a search applies once typing pauses: no button, the field keeps focus and words.
    await button.click();
    const box = main.getByRole("searchbox", { name: "Buscar" });
    await box.pressSequentially(tag, { delay: 20 });
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
    await expect(liveCount(main)).toHaveText("3 registros");
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(tag);
    await expect(main.getByRole("button", { name: "Aplicar" })).toHaveCount(0);
    // A list choice applies at once; the button counts the filters that apply.
    await main.getByRole("combobox", { name: "Servicio" }).selectOption("reformas-de-cocinas");
    await expect(page).toHaveURL(/service=reformas-de-cocinas/);
    await expect(liveCount(main)).toHaveText("2 registros");
    await expect(button).toHaveText(/2 activos/);
    // A search nothing matches says so to screen readers too.
    await box.fill(`${tag}zz`);
    await expect(page).toHaveURL(new RegExp(`q=${tag}zz`));
    await expect(main.getByText("No hay datos disponibles para mostrar.")).toBeVisible();
    await expect(liveCount(main)).toHaveText("Ningún registro coincide.");

    // The address is the view: back undoes the changes one by one, the fields follow it.
    await page.goBack();
    await expect(page).toHaveURL(/service=reformas-de-cocinas/);
    await expect(page).not.toHaveURL(/zz/);
    await page.goBack();
    await expect(page).not.toHaveURL(/service=/);
    await expect(box).toHaveValue(tag);
    await expect(main.getByRole("combobox", { name: "Servicio" })).toHaveValue("");
    await expect(liveCount(main)).toHaveText("3 registros");
    await page.goBack();
    await expect(page).not.toHaveURL(/q=/);
    await expect(box).toHaveValue("");

    // «Quitar filtros» stands beside the panel's button whenever a filter applies.
    await main.getByRole("combobox", { name: "Servicio" }).selectOption("reformas-de-banos");
    await expect(page).toHaveURL(/service=reformas-de-banos/);
    await button.click();
    await expect(box).toBeHidden();
    await main.getByRole("link", { name: "Quitar filtros" }).click();
    await expect(page).toHaveURL(/\/admin\/contacts\/index\?per_page=50$/);
    await expect(main.getByRole("link", { name: "Quitar filtros" })).toHaveCount(0);
    await expect(button).toHaveText("Buscar y filtrar▾");
  });

  test("the tabs say how many leads each opens, «Míos» included", async ({ page, request }) => {
    test.setTimeout(120_000);
    const staff = await createWithRole(request, "admin", `Tomás Pestañas ${device}`);
    const tag = `Tabs${device}${Date.now().toString(36)}`;
    const [first, second] = await sendLeads(request, staff, tag, [
      "reformas-de-cocinas",
      "reformas-de-cocinas",
      "reformas-de-banos",
    ]);
    const auth = { Authorization: `Bearer ${staff.token}` };
    const moved = await request.post("/api/admin/contacts/status", {
      headers: auth,
      data: { id: first?.id, status: "contactado" },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    const me = await request.get("/api/user", { headers: auth });
    const assigned = await request.post("/api/admin/contacts/assign", {
      headers: auth,
      data: { id: second?.id, assignee_id: (await me.json()).user.id },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);

    await openAs(page, staff, `/admin/contacts/index?q=${tag}&sort=inbox`);
    const main = page.getByRole("main");
    const tabs = main.getByRole("navigation", { name: "Estado" });
    const tab = (name: string) => tabs.getByRole("link", { name: new RegExp(`^${name} \\d`) });
    await expect(tab("Todos")).toHaveAccessibleName("Todos 3");
    await expect(tab("Nuevo")).toHaveAccessibleName("Nuevo 2");
    await expect(tab("Contactado")).toHaveAccessibleName("Contactado 1");
    await expect(tab("Ganado")).toHaveAccessibleName("Ganado 0");
    await expect(tab("Míos")).toHaveAccessibleName("Míos 1");
    // Each count is what the tab opens.
    for (const name of ["Nuevo", "Contactado", "Ganado", "Todos", "Míos"]) {
      const count = await tabCount(tab(name));
      await tab(name).click();
      await expect(tab(name)).toHaveAttribute("aria-current", "page");
      await expect(liveCount(main)).toHaveText(
        count === 0
          ? "Ningún registro coincide."
          : count === 1
            ? "1 registro"
            : `${count} registros`,
      );
    }
    // Every tab is still a 44 px target with its count.
    const height = (await tab("Presupuesto enviado").boundingBox())?.height ?? 0;
    expect(height).toBeGreaterThanOrEqual(44);
  });

  test("each staff member comes back to their last view of the inbox, and can clear it", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const ana = await createWithRole(request, "admin", `Ana Memoria ${device}`);
    const ben = await createWithRole(request, "admin", `Ben Compañero ${device}`);
    const tag = `Memoria${device}${Date.now().toString(36)}`;
    const [lead] = await sendLeads(request, ana, tag, ["reformas-de-cocinas", "reformas-de-banos"]);
    await openAs(page, ana, "/admin/users/index");
    const main = page.getByRole("main");
    const sections = page.getByRole("navigation", { name: "Secciones de administración" });
    // The first time, the navigation opens the new leads (SPEC's landing view).
    await sections.getByRole("link", { name: /Contactos/ }).click();
    await expect(page).toHaveURL(/\/admin\/contacts\/index\?status=nuevo&sort=inbox&per_page=50$/);
    // The list drawn first (the address changes before its data arrives; CI typed into the
    // panel before that twice, and the search never reached the address).
    await expect(main.getByRole("heading", { level: 1, name: "Contactos" })).toBeVisible();
    await panelButton(main).click();
    await main.getByRole("searchbox", { name: "Buscar" }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    await main.getByRole("combobox", { name: "Servicio" }).selectOption("reformas-de-cocinas");
    await expect(page).toHaveURL(/service=reformas-de-cocinas/);
    const view = new URL(page.url()).search;
    // The list the URL asks for, not the one drawn before it (a loaded machine draws it later).
    await expect(liveCount(main)).toHaveText("1 registro");

    // Away to a lead and another section, then back by the navigation: the same view.
    await firstLead(page).click();
    await expect(main.getByRole("heading", { level: 1 })).toContainText(lead?.name ?? "");
    await sections.getByRole("link", { name: /Usuarios/ }).click();
    await expect(page).toHaveURL(/\/admin\/users\/index/);
    await sections.getByRole("link", { name: /Contactos/ }).click();
    await expect(page).toHaveURL(`/admin/contacts/index${view}`);
    await expect(panelButton(main)).toHaveText(/2 activos/);
    await expect(liveCount(main)).toHaveText("1 registro");
    // The inbox's bare address, typed or bookmarked, restores it too, after a reload as well.
    await page.goto("/admin/contacts/index");
    await expect(page).toHaveURL(`/admin/contacts/index${view}`);
    await expect(liveCount(main)).toHaveText("1 registro");

    // A colleague on the same browser has their own (none yet): the bare inbox stays bare.
    await openAs(page, ben, "/admin/contacts/index");
    await expect(page).toHaveURL(/\/admin\/contacts\/index$/);
    await expect(main.getByRole("link", { name: "Quitar filtros" })).toHaveCount(0);

    // Back as Ana: hers, until she clears it; then the cleared view is the one remembered.
    await openAs(page, ana, "/admin/contacts/index");
    await expect(page).toHaveURL(`/admin/contacts/index${view}`);
    await main.getByRole("link", { name: "Quitar filtros" }).click();
    await expect(page).toHaveURL(/\/admin\/contacts\/index\?per_page=50$/);
    await sections.getByRole("link", { name: /Usuarios/ }).click();
    await expect(page).toHaveURL(/\/admin\/users\/index/);
    await sections.getByRole("link", { name: /Contactos/ }).click();
    await expect(page).toHaveURL(/\/admin\/contacts\/index\?per_page=50$/);
    await expect(panelButton(main)).toHaveText("Buscar y filtrar▾");
  });

  test("a reply template fills in the client's name and reference, and is sent as edited", async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    const staff = await createWithRole(request, "admin", `Rita Plantillas ${device}`);
    const tag = `Plantilla${device}${Date.now().toString(36)}`;
    const [lead] = await sendLeads(request, staff, tag, ["reformas-de-banos"]);
    if (!lead) throw new Error("no lead");
    await mailbox.waitForMail(lead.email);
    const auth = { Authorization: `Bearer ${staff.token}` };
    // A template of one's own, with both placeholders and markup that must stay text.
    const title = `Visita ${tag}`;
    const created = await request.post("/api/admin/reply_templates/create", {
      headers: auth,
      data: {
        title,
        subject: "Tu visita ({referencia})",
        body: "Hola otra vez, {nombre}: pasamos el martes por la obra {referencia}. <b>Gracias</b>",
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const detail = await request.get(`/api/admin/contacts/detail/${lead.id}`, { headers: auth });
    const reference = (await detail.json()).data.reference as string;
    expect(reference).toMatch(/^OM-\d{4}-\d{5}$/);

    await openAs(page, staff, `/admin/contacts/detail/${lead.id}`);
    const replies = page.getByRole("main").getByRole("region", { name: "Respuestas por correo" });
    const template = replies.getByRole("combobox", { name: "Plantilla" });
    const subject = replies.getByRole("textbox", { name: "Asunto" });
    const message = replies.getByRole("textbox", { name: "Mensaje" });
    await expect(template).toHaveAccessibleDescription(/nombre del cliente y su referencia/);
    // The seeded ones are offered too.
    for (const seeded of ["Confirmar visita", "Pedir fotos", "Enviar presupuesto"]) {
      await expect(template.locator("option", { hasText: seeded })).toHaveCount(1);
    }
    await template.selectOption({ label: "Pedir fotos" });
    await expect(subject).toHaveValue(`Fotos para tu presupuesto: ${reference}`);
    await expect(message).toHaveValue(/^Para preparar tu presupuesto/);
    // Another template replaces what the first put in.
    await template.selectOption({ label: title });
    await expect(subject).toHaveValue(`Tu visita (${reference})`);
    const filled = `Hola otra vez, ${lead.name}: pasamos el martes por la obra ${reference}. <b>Gracias</b>`;
    await expect(message).toHaveValue(filled);
    // Staff read it and change it before sending.
    await message.fill(`${filled}\nA las 10.`);
    await replies.getByRole("button", { name: "Enviar respuesta" }).click();
    await expect(replies.getByRole("status")).toContainText(`Respuesta en camino a ${lead.email}`);

    const mail = await mailbox.waitForMail(lead.email, { already: 1 });
    expect(mail.subject).toBe(`Tu visita (${reference})`);
    expect(mail.text).toContain(`pasamos el martes por la obra ${reference}.`);
    expect(mail.text).toContain("A las 10.");
    expect(mail.html).toContain("&lt;b&gt;Gracias&lt;/b&gt;");
    await page.reload();
    const sent = page
      .getByRole("main")
      .getByRole("list", { name: "Respuestas enviadas" })
      .getByRole("listitem");
    await expect(sent).toHaveCount(1);
    await expect(sent).toContainText(`${filled}\nA las 10.`);
    await expect(sent).toContainText(`Rita Plantillas ${device}`);
  });
});
