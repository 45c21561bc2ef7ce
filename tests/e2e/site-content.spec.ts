// Issue 35 as staff and visitors live it: from a lead marked ganado, «Crear obra» opens a draft
// with its service and city; staff add two before/after pairs, preview the draft through its
// link (which a signed-out visitor can open, while the project's own address stays a 404), then
// publish it with an opinion and a team member, each previewed as a draft first (decision 270)
// and published from its form. Visitors then find the project on /obras, its
// page (photos in a lightbox that works from the keyboard, CreativeWork JSON-LD), its service
// page, the home page (featured), /gallery and the sitemap; the opinion and the member show
// where they belong. (The deploy guide's two instances are proven by tests/deploy.)
import type { Browser, Page } from "@playwright/test";
import { servicePath } from "../../content/service-paths";
import { findService, type Service } from "../../content/services";
import { picture } from "../support/photos";
import { axe } from "./support/axe";
import { expect, test } from "./support/mailbox";
import { createWithRole, openAs, type Person, uniqueEmail } from "./support/people";

test.describe.configure({ mode: "serial" });

const tag = Date.now().toString(36);
const title = `Baño con ducha de obra ${tag}`;
const slug = `bano-ducha-${tag}`;
const alts = [
  `Bañera vieja con azulejos verdes ${tag}`,
  `Ducha de obra con plato de resina ${tag}`,
  `Lavabo antiguo de pie ${tag}`,
  `Mueble de lavabo suspendido ${tag}`,
];
const stages = ["antes", "despues", "antes", "despues"];
const reviewText = `Cumplieron los plazos y dejaron todo limpio cada día ${tag}.`;
const memberName = `Lucía Ferrer ${tag}`;

let staff: Person;
let leadId: number;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`,
  });
  staff = await createWithRole(request, "admin", "Elena Contenidos");
  const subject = `Reforma del baño ${tag}`;
  const sent = await request.post("/api/contacts", {
    headers: { "X-Forwarded-For": "198.51.100.235" },
    data: {
      name: "Carmen Ruiz",
      email: uniqueEmail("obra"),
      phone: "612 345 678",
      subject,
      message: `Queremos cambiar la bañera por una ducha. ${"Detalles del baño. ".repeat(5)}`,
      service: "reformas-de-banos",
      area: "Alicante",
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const headers = { Authorization: `Bearer ${staff.token}` };
  const list = await request.get(`/api/admin/contacts?page=1&q=${encodeURIComponent(tag)}`, {
    headers,
  });
  expect(list.status(), await list.text()).toBe(200);
  leadId = (await list.json()).data.data[0].id;
  const won = await request.post("/api/admin/contacts/status", {
    headers,
    data: { id: leadId, status: "ganado" },
  });
  expect(won.status(), await won.text()).toBe(200);
  await request.dispose();
});

/** A signed-out visitor's page, in a browser context of its own. */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: "es-ES" });
  return context.newPage();
}

/** A record's id, found by the admin's own search for `words`. */
async function idOf(page: Page, resource: string, words: string): Promise<number> {
  const list = await page.request.get(
    `/api/admin/${resource}?page=1&q=${encodeURIComponent(words)}`,
    { headers: { Authorization: `Bearer ${staff.token}` } },
  );
  expect(list.status(), await list.text()).toBe(200);
  return (await list.json()).data.data[0].id;
}

/**
 * A draft's «Vista previa» shows `text` to a signed-out visitor through its link (the public
 * pages do not), then the draft is published from its form by ticking `published`.
 */
async function previewAndPublish(
  page: Page,
  outsider: Page,
  resource: string,
  id: number,
  text: string,
  published: RegExp,
) {
  const main = page.getByRole("main");
  await page.goto(`/admin/${resource}/detail/${id}`);
  await main.getByRole("button", { name: "Vista previa" }).click();
  const link = main.getByRole("link", { name: "Abrir la vista previa" });
  await expect(link).toBeVisible();
  const url = (await link.getAttribute("href")) as string;
  expect((await outsider.goto(url))?.status()).toBe(200);
  await expect(outsider.getByText(text).last()).toBeVisible();
  await expect(outsider.getByRole("status").first()).toContainText("Vista previa de un borrador");
  await expect(outsider.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect((await outsider.goto(`${url}x`))?.status()).toBe(404);
  await outsider.goto(resource === "team" ? "/team" : "/");
  await expect(outsider.getByText(text)).toHaveCount(0);
  await page.goto(`/admin/${resource}/update/${id}`);
  await main.getByLabel(published).check();
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/${resource}/index`));
}

const photoFiles = () =>
  Promise.all(
    alts.map(async (_, i) => ({
      name: `foto-${i + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await picture(640, 480, i * 60)
        .jpeg({ quality: 85 })
        .toBuffer(),
    })),
  );

test("staff make a project from a won lead, preview the draft and publish it with an opinion and a member", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await openAs(page, staff, `/admin/contacts/detail/${leadId}`);
  const main = page.getByRole("main");
  const violations = async () =>
    (await axe(page).analyze()).violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`);
  await expect(main.getByRole("button", { name: "Crear obra" })).toBeVisible();
  expect(await violations()).toEqual([]);
  await main.getByRole("button", { name: "Crear obra" }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/update\/\d+$/);
  const projectId = Number(page.url().split("/").pop());
  // The draft holds the lead's service and city.
  await expect(main.getByLabel(/^Servicio/)).toHaveValue("reformas-de-banos");
  await expect(main.getByLabel(/^Ciudad/)).toHaveValue("Alicante");

  await main.getByLabel(/^Título/).fill(title);
  await main.getByLabel(/^Dirección \(slug\)/).fill(slug);
  await main.getByLabel(/^Duración/).fill("3 semanas");
  await main
    .getByLabel(/^Resumen/)
    .fill("Cambiamos la bañera por una ducha de obra y renovamos el lavabo.");
  await main
    .getByLabel(/^Descripción \(Markdown\)/)
    .fill("## Qué hicimos\n\nQuitamos la bañera y **alicatamos** de nuevo.");
  await main.getByLabel(/^Añadir fotos/).setInputFiles(await photoFiles());
  await expect(main.getByLabel("Texto alternativo de la foto 4")).toBeVisible({ timeout: 60_000 });
  for (const [i, alt] of alts.entries()) {
    await main.getByLabel(`Texto alternativo de la foto ${i + 1}`).fill(alt);
    await main.getByLabel(`Momento de la foto ${i + 1}`).selectOption(stages[i] as string);
  }
  await main.getByLabel(/^Destacada en la página de inicio/).check();
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/index/);

  // A draft is not public: its address is a 404, and no page lists it.
  const outsider = await visitor(browser);
  expect((await outsider.goto(`/obras/${slug}`))?.status()).toBe(404);
  await outsider.goto("/gallery");
  await expect(outsider.getByRole("img", { name: alts[0] })).toHaveCount(0);

  // «Vista previa» opens the draft as visitors will see it, through a link of an hour.
  await page.goto(`/admin/projects/detail/${projectId}`);
  await main.getByRole("button", { name: "Vista previa" }).click();
  const link = main.getByRole("link", { name: "Abrir la vista previa" });
  await expect(link).toBeVisible();
  const previewUrl = (await link.getAttribute("href")) as string;
  expect(await violations()).toEqual([]);
  expect(previewUrl).toMatch(/\/obras\/vista-previa\/[\w-]+$/);
  const preview = await outsider.goto(previewUrl);
  expect(preview?.status()).toBe(200);
  await expect(outsider.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(outsider.getByRole("status").first()).toContainText("Vista previa de un borrador");
  await expect(outsider.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect((await outsider.goto(`/obras/${slug}`))?.status()).toBe(404);

  // Published from its form.
  await page.goto(`/admin/projects/update/${projectId}`);
  await main.getByLabel(/^Estado/).selectOption("published");
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/index/);
  // A published project has no preview: its own address shows it.
  await page.goto(`/admin/projects/detail/${projectId}`);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(main.getByRole("button", { name: "Vista previa" })).toHaveCount(0);
  // Its photos as staff chose them: each with its alt text and stage, never the stored JSON.
  await expect(main.getByRole("img", { name: alts[1] })).toBeVisible();
  await expect(main.getByRole("figure").filter({ hasText: alts[1] })).toContainText("Después");
  await expect(main).not.toContainText("photo_id");

  // An opinion linked to it, and a team member with a photo.
  await page.goto("/admin/reviews/create");
  await main.getByLabel(/^Nombre o iniciales/).fill("Carmen R.");
  await main.getByLabel(/^Ciudad/).fill("Alicante");
  await main.getByLabel(/^Servicio/).selectOption("reformas-de-banos");
  await main.getByLabel(/^Obra/).selectOption({ label: title });
  await main.getByLabel(/^Valoración/).fill("5");
  await main.getByLabel(/^Opinión/).fill(reviewText);
  // As people in Spain write a day.
  await main.getByLabel(/^Fecha/).fill("15/10/2026");
  await main.getByLabel(/^Origen/).selectOption("directa");
  await main
    .getByLabel(/^Prueba del consentimiento/)
    .fill("Correo de la clienta del 16/10/2026 autorizando publicarla.");
  // A draft first: previewed, then published.
  await main.getByRole("button", { name: "Crear", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reviews\/index/);
  const reviewId = await idOf(page, "reviews", tag);
  await previewAndPublish(page, outsider, "reviews", reviewId, reviewText, /^Publicada/);

  await page.goto("/admin/team/create");
  await main.getByLabel(/^Nombre/).fill(memberName);
  await main.getByLabel(/^Puesto/).fill("Jefa de obra");
  await main.getByLabel(/^Presentación breve/).fill("Dirige las obras de baños y cocinas.");
  // A photo still on its way (a phone's upload on a slow line): «Crear» waits for it, rather
  // than saving the member without it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/site-photos*", async (route) => {
    await held;
    await route.continue();
  });
  await main.getByLabel("Subir una foto").setInputFiles({
    name: "lucia.jpg",
    mimeType: "image/jpeg",
    buffer: await picture(480, 480, 200).jpeg().toBuffer(),
  });
  await expect(main.getByText("Subiendo 1 de 1")).toBeVisible();
  await main.getByRole("button", { name: "Crear", exact: true }).click();
  await expect(main.getByText("Espera a que termine de subirse la foto")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/team\/create/);
  release();
  await expect(main.locator('img[src^="/media/"]')).toBeVisible({ timeout: 60_000 });
  await page.unroute("**/api/site-photos*");
  await main.getByRole("button", { name: "Crear", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/team\/index/);
  const memberId = await idOf(page, "team", tag);
  await previewAndPublish(page, outsider, "team", memberId, memberName, /^Publicado/);

  // What a visitor sees now.
  await expect
    .poll(async () => (await outsider.goto(`/obras/${slug}`))?.status(), { timeout: 5_000 })
    .toBe(200);
  await expect(outsider.getByRole("heading", { level: 1 })).toHaveText(title);
  const pairs = outsider.getByRole("region", { name: "Antes y después" });
  await expect(pairs.getByRole("img")).toHaveCount(4);
  await expect(outsider.getByText(reviewText)).toBeVisible();
  const jsonLd = await outsider
    .locator('script[type="application/ld+json"]')
    .allTextContents()
    .then((scripts) => scripts.map((text) => JSON.parse(text)));
  const work = jsonLd.find((data) => data["@type"] === "CreativeWork");
  expect(work).toMatchObject({
    name: title,
    dateCreated: String(new Date().getFullYear()),
    locationCreated: { address: { addressLocality: "Alicante", addressCountry: "ES" } },
  });
  expect(work.image).toHaveLength(4);
  expect(work.image[0].contentUrl).toMatch(/\/media\/[0-9a-f]+\.jpg$/);
  expect(JSON.stringify(jsonLd)).not.toContain("aggregateRating");

  await outsider.goto("/obras");
  await expect(outsider.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  await outsider.goto(servicePath(findService("reformas", "reformas-de-banos") as Service));
  await expect(
    outsider
      .getByRole("region", { name: "Obras de reformas de baños" })
      .getByRole("link", { name: new RegExp(title) }),
  ).toBeVisible();
  await outsider.goto("/");
  await expect(outsider.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
  await outsider.goto("/team");
  await expect(outsider.getByText(memberName)).toBeVisible();
  const sitemap = await outsider.request.get("/sitemap.xml");
  expect(await sitemap.text()).toContain(`/obras/${slug}</loc>`);

  // The gallery leads with the real photos, and no longer says it is waiting for them.
  await outsider.goto("/gallery");
  await expect(outsider.getByRole("heading", { level: 1 })).toHaveText("Galería de obras");
  await expect(outsider.getByText(/mientras preparamos las fotos/)).toHaveCount(0);
  const photos = outsider.getByRole("list", { name: "Fotos de obras terminadas" });
  for (const alt of alts) await expect(photos.getByRole("img", { name: alt })).toBeVisible();
  await outsider.context().close();
});

test("a project's photos open in a lightbox that the keyboard and a screen reader can use", async ({
  browser,
}) => {
  const page = await visitor(browser);
  await page.goto(`/obras/${slug}`, { waitUntil: "networkidle" });
  const violations = async () =>
    (await axe(page).analyze()).violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`);
  expect(await violations()).toEqual([]);
  const opener = page.getByRole("link", { name: alts[0] });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Fotos de la obra ${title}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img", { name: alts[0] })).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText("Foto 1 de 4");
  await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeFocused();
  expect(await violations()).toEqual([]);
  await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("img", { name: alts[1] })).toBeVisible();
  await expect(dialog.getByRole("status")).toHaveText("Foto 2 de 4");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(dialog.getByRole("status")).toHaveText("Foto 4 de 4");
  await dialog.getByRole("button", { name: "Foto siguiente" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Foto 1 de 4");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The same on the gallery, filtered by the project's service.
  await page.goto("/gallery?servicio=reformas-de-banos", { waitUntil: "networkidle" });
  expect(await violations()).toEqual([]);
  await page.getByRole("link", { name: alts[3] }).click();
  const galleryDialog = page.getByRole("dialog", { name: "Fotos de nuestras obras" });
  await expect(galleryDialog.getByRole("img", { name: alts[3] })).toBeVisible();
  await galleryDialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(galleryDialog).toBeHidden();
  await page.context().close();
});
