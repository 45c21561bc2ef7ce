// Issue 37 (decisions 253-256), as staff live it on a desktop and on a phone: signing in lands on
// their home at /dashboard, whose cards open the inbox on exactly what they count; giving a lead
// to a colleague mails them a link that lands on the lead after sign-in; on a 390 × 844 phone
// three lead cards fit a screen and every control in them is at least 44 × 44 px; a follow-up
// set for today with a note is in the assignee's morning reminder.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { APIRequestContext, Page } from "@playwright/test";
import { e2eDataDir } from "../../playwright.config";
import { onDesktopAndPhone } from "./support/devices";
import { expect, linkPath, type ReceivedMail, test } from "./support/mailbox";
import { createWithRole, openAs, type Person, uniqueEmail } from "./support/people";

test.describe.configure({ mode: "serial" });

let marta: Person;
let luis: Person;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`,
  });
  marta = await createWithRole(request, "admin", "Marta Inicio");
  luis = await createWithRole(request, "admin", "Luis Asignado");
  await request.dispose();
});

const run = promisify(execFile);

/** Today on the office's calendar (Madrid), as a date field takes it: YYYY-MM-DD. */
const officeToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(new Date());

let ip = 40;
/** `count` leads sent from the contact page; answers their subjects. */
async function sendLeads(request: APIRequestContext, tag: string, count: number) {
  const subjects: string[] = [];
  for (let n = 0; n < count; n++) {
    ip += 1;
    const subject = `${tag} ${n}`;
    const res = await request.post("/api/contacts", {
      headers: { "X-Forwarded-For": `198.51.100.${ip}` },
      data: {
        name: `Cliente ${tag} ${n}`,
        email: uniqueEmail("lead"),
        phone: `612 4${String(ip).padStart(2, "0")} ${n}00`,
        subject,
        message: `Queremos reformar la cocina. ${"Detalles de la obra. ".repeat(6)}`,
        service: "reformas-de-cocinas",
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    subjects.push(subject);
  }
  return subjects;
}

/** Signs in through the form on the page shown (/login, or where a guard sent them), as staff do. */
async function signIn(page: Page, person: Person) {
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Correo electrónico" }).fill(person.email);
  await main.getByRole("textbox", { name: "Contraseña", exact: true }).fill(person.password);
  await main.getByRole("button", { name: "Iniciar sesión" }).click();
}

/** Marta opens a new lead's page from the inbox, found by its subject; answers its path. */
async function openLead(page: Page, subject: string): Promise<string> {
  await openAs(page, marta, `/admin/contacts/index?q=${encodeURIComponent(subject)}`);
  await page
    .getByRole("main")
    .getByRole("link", { name: new RegExp(`${subject}$`) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/contacts\/detail\/\d+$/);
  return new URL(page.url()).pathname;
}

/** How many records the inbox says it lists: «N registros», or 0 when it has none. */
async function inboxTotal(page: Page): Promise<number> {
  const main = page.getByRole("main");
  const counted = main.getByRole("paragraph").filter({ hasText: /^\d+ registros?$/ });
  const empty = main.getByText("No hay datos disponibles para mostrar.");
  await expect(counted.or(empty)).toBeVisible();
  if (await empty.isVisible()) return 0;
  return Number.parseInt((await counted.textContent()) ?? "", 10);
}

onDesktopAndPhone((device) => {
  test("sign-in lands staff on their home, whose cards count what the inbox they open lists", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await sendLeads(request, `Inicio${device}${Date.now().toString(36)}`, 2);
    await openAs(page, null, "/login");
    await signIn(page, marta);
    await expect(page).toHaveURL(/\/dashboard$/);
    const home = page.getByRole("region", { name: "Tu trabajo de hoy" });
    await expect(home.getByRole("link")).toHaveCount(7);
    // No visitor's «Llámanos / Pide presupuesto» bar over the cards on a phone.
    await expect(page.locator("[data-action-bar]")).toBeHidden();
    if (device === "phone") {
      // The menu tells the admin's sections («Equipo», «Empresa»…) from the site's own pages.
      await page.getByRole("button", { name: "Menú" }).click();
      const menu = page.getByRole("navigation", { name: "Menú principal" });
      await expect(menu.getByText("Administración", { exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Menú" }).click();
    }
    for (const key of [
      "nuevos",
      "sin_asignar",
      "esperando",
      "volver",
      "mios",
      "presupuestos",
      "ganados",
    ]) {
      const card = home.locator(`[data-card="${key}"]`);
      const count = Number(await card.locator("[data-count]").textContent());
      if (key === "nuevos") expect(count).toBeGreaterThanOrEqual(2);
      await card.click();
      await expect(page).toHaveURL(/\/admin\/contacts\/index\?/);
      expect(await inboxTotal(page), key).toBe(count);
      await page.goBack();
      await expect(home.locator(`[data-card="${key}"]`)).toBeVisible();
    }
    // /admin is the same home.
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(home).toBeVisible();
  });

  test("giving a lead to a colleague mails them a link that lands on the lead after sign-in", async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    const [subject] = await sendLeads(request, `Asignar${device}${Date.now().toString(36)}`, 1);
    const leadPath = await openLead(page, subject ?? "");
    const main = page.getByRole("main");
    const already = (await mailbox.messagesFor(luis.email)).length;
    await main.getByRole("combobox", { name: "Responsable" }).selectOption({ label: luis.name });
    await expect(main.getByRole("status").first()).toContainText("Responsable de");
    const mail = await mailbox.waitForMail(luis.email, { already });
    expect(mail.subject).toMatch(/^Te han asignado la solicitud OM-\d{4}-\d{5}$/);
    expect(mail.text).toContain("Marta Inicio te ha asignado esta solicitud");
    const link = linkPath(mail, "/admin/contacts/detail/");
    expect(link).toBe(leadPath);

    // Luis opens it signed out, signs in, and is on the lead.
    await openAs(page, null, link);
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, luis);
    await expect(page).toHaveURL(new RegExp(`${link}$`));
    await expect(page.getByRole("main").getByRole("combobox", { name: "Responsable" })).toHaveValue(
      /\d+/,
    );
    // The lead's history says who gave it to whom.
    await expect(page.getByRole("main")).toContainText("Asignación");
  });

  test("a follow-up due today, set on the lead with a note, is in the assignee's morning reminder", async ({
    page,
    request,
    mailbox,
  }) => {
    test.setTimeout(120_000);
    const [subject] = await sendLeads(request, `Seguir${device}${Date.now().toString(36)}`, 1);
    const leadPath = await openLead(page, subject ?? "");
    const main = page.getByRole("main");
    // Luis has it: the assignment's mail names its reference.
    const assigned = (await mailbox.messagesFor(luis.email)).length;
    await main.getByRole("combobox", { name: "Responsable" }).selectOption({ label: luis.name });
    const given = await mailbox.waitForMail(luis.email, { already: assigned });
    const reference = given.subject.match(/OM-\d{4}-\d{5}/)?.[0];
    expect(reference).toBeDefined();

    // «Volver a contactar el» today, with a note.
    const note = `Confirmar la visita del jueves (${device})`;
    const followUp = main.getByRole("region", { name: "Volver a contactar" });
    await followUp.getByLabel("Volver a contactar el").fill(officeToday());
    await followUp.getByLabel("Nota para volver a contactar").fill(note);
    await followUp.getByRole("button", { name: "Guardar" }).click();
    await expect(followUp.getByRole("status")).toBeVisible();
    await page.reload();
    await expect(followUp.getByLabel("Nota para volver a contactar")).toHaveValue(note);

    // The morning's reminder, sent now as the operator can (decision 277): the server's clock
    // decides the morning, and a test may run on a Sunday or at night.
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/leads-remind.ts"], {
      env: { ...process.env, DATA_DIR: e2eDataDir },
      timeout: 60_000,
    });
    expect(stdout).toMatch(/^Recordatorios? en camino a \d+ personas? del equipo/);

    // Luis's mail lists the lead as due today, with the note, and links to its page.
    let reminder: ReceivedMail | undefined;
    await expect
      .poll(
        async () => {
          reminder = (await mailbox.messagesFor(luis.email)).find(
            (mail) => mail.subject.startsWith("Tu día:") && mail.text.includes(`${reference} ·`),
          );
          return reminder?.text ?? "";
        },
        { timeout: 20_000, intervals: [200], message: "Luis's morning reminder" },
      )
      .toContain(`${reference} · Reforma de cocinas · volver a contactar hoy · «${note}»`);
    expect(reminder?.subject).toMatch(/^Tu día: \d+ seguimientos? para hoy/);
    expect(reminder?.text).toContain(`${leadPath}`);
  });
});

test.describe("on a phone's inbox", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("three lead cards fit a 390 × 844 screen, every control 44 × 44 px or more; the lead has a call bar", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const tag = `Movil${Date.now().toString(36)}`;
    await sendLeads(request, tag, 4);
    await openAs(page, marta, `/admin/contacts/index?status=nuevo&sort=inbox&per_page=50&q=${tag}`);
    const cards = page.getByRole("main").getByRole("listitem").filter({ hasText: tag });
    await expect(cards).toHaveCount(4);
    const boxes = [];
    for (let n = 0; n < 4; n++) {
      const box = await cards.nth(n).boundingBox();
      if (!box) throw new Error("card not drawn");
      boxes.push(box);
    }
    const [first, , third] = boxes;
    if (!first || !third) throw new Error("no cards");
    const threeTall = third.y + third.height - first.y;
    console.log(
      `phone cards: heights ${boxes.map((b) => Math.round(b.height)).join(", ")} px; three span ${Math.round(threeTall)} px of 844`,
    );
    expect(threeTall).toBeLessThanOrEqual(844);
    // Every control of a card: the pick box's label, the title link, status, Editar, Borrar.
    const card = cards.first();
    const controls = card.locator("label:has(input[type=checkbox]), a, select, button");
    const sizes = [];
    for (let n = 0; n < (await controls.count()); n++) {
      const box = await controls.nth(n).boundingBox();
      if (!box) continue;
      sizes.push({ w: Math.round(box.width), h: Math.round(box.height) });
    }
    console.log(`phone card controls (w×h px): ${sizes.map((s) => `${s.w}×${s.h}`).join(", ")}`);
    expect(sizes.length).toBeGreaterThanOrEqual(5);
    for (const size of sizes) {
      expect(size.w).toBeGreaterThanOrEqual(44);
      expect(size.h).toBeGreaterThanOrEqual(44);
    }

    // The lead: Llamar / WhatsApp / Responder stay at the bottom of the screen.
    await card.getByRole("heading").getByRole("link").click();
    // Its fields at 16 px or more: iOS zooms into a smaller one it focuses.
    const fields = page
      .getByRole("main")
      .locator("select, input[type=date], input[type=text], textarea");
    await expect(fields.first()).toBeVisible();
    const fontSizes = await fields.evaluateAll((all) =>
      all.map((field) => Number.parseFloat(getComputedStyle(field).fontSize)),
    );
    expect(fontSizes.length).toBeGreaterThanOrEqual(2);
    expect(Math.min(...fontSizes)).toBeGreaterThanOrEqual(16);
    const bar = page.getByRole("navigation", { name: "Contactar con el cliente" });
    await expect(bar.getByRole("link", { name: "Llamar" })).toHaveAttribute("href", /^tel:/);
    await expect(bar.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/34612/,
    );
    await page.mouse.wheel(0, 2000);
    for (const name of ["Llamar", "WhatsApp", "Responder"]) {
      const box = await bar.getByRole("link", { name }).boundingBox();
      if (!box) throw new Error(`${name} not drawn`);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
  });
});
