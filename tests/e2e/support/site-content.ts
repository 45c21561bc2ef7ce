// Issue 35's content stories as staff and visitors live them, step by step: what the one-instance
// story (tests/e2e/site-content.spec.ts) and the deploy guide's two instances
// (tests/deploy/scale-out-browser.test.ts) both do. Paths are relative: each page's context
// names the site (or the instance) it visits.
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { servicePath } from "../../../content/service-paths";
import { findService, type Service } from "../../../content/services";
import { picture } from "../../support/photos";

/** One project with two before/after pairs, its opinion and a team member, named by `tag`. */
export function contentStory(tag: string) {
  return {
    title: `Baño con ducha de obra ${tag}`,
    slug: `bano-ducha-${tag}`,
    alts: [
      `Bañera vieja con azulejos verdes ${tag}`,
      `Ducha de obra con plato de resina ${tag}`,
      `Lavabo antiguo de pie ${tag}`,
      `Mueble de lavabo suspendido ${tag}`,
    ],
    stages: ["antes", "despues", "antes", "despues"],
    reviewText: `Cumplieron los plazos y dejaron todo limpio cada día ${tag}.`,
    memberName: `Lucía Ferrer ${tag}`,
  };
}
export type ContentStory = ReturnType<typeof contentStory>;

/** The service the story's project, opinion and lead are of. */
export const storyService = "reformas-de-banos";

/** A signed-out visitor's page, in a browser context of its own (on `baseURL` if given). */
export async function visitor(browser: Browser, baseURL?: string): Promise<Page> {
  // Without a baseURL, Playwright Test's own (the e2e server) stays: no key that would unset it.
  const context = await browser.newContext({
    locale: "es-ES",
    ...(baseURL ? { baseURL, ignoreHTTPSErrors: true } : {}),
  });
  return context.newPage();
}

/** A record's id, found by the admin's own search for `words`. */
export async function idOf(
  request: APIRequestContext,
  token: string,
  resource: string,
  words: string,
): Promise<number> {
  const list = await request.get(`/api/admin/${resource}?page=1&q=${encodeURIComponent(words)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(list.status(), await list.text()).toBe(200);
  return (await list.json()).data.data[0].id;
}

/** Real photos, as a phone would send them: JPEGs of 640 × 480, one for each alt text. */
export const photoFiles = (story: ContentStory) =>
  Promise.all(
    story.alts.map(async (_, i) => ({
      name: `foto-${i + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await picture(640, 480, i * 60)
        .jpeg({ quality: 85 })
        .toBuffer(),
    })),
  );

/**
 * The project form's own fields, its four photos (uploaded, each with its alt text and stage)
 * and the «Destacada» tick; the caller saves. Service and city are the caller's (a won lead
 * brings them).
 */
export async function fillProject(main: Locator, story: ContentStory) {
  await main.getByLabel(/^Título/).fill(story.title);
  await main.getByLabel(/^Dirección en la web/).fill(story.slug);
  await main.getByLabel(/^Duración/).fill("3 semanas");
  await main
    .getByLabel(/^Resumen/)
    .fill("Cambiamos la bañera por una ducha de obra y renovamos el lavabo.");
  await main
    .getByLabel(/^Descripción \(Markdown\)/)
    .fill(
      "## Qué hicimos\n\nQuitamos la bañera y **alicatamos** de nuevo.\n\n- Ducha de obra\n- Lavabo nuevo",
    );
  await main.getByLabel(/^Añadir fotos/).setInputFiles(await photoFiles(story));
  await expect(main.getByLabel("Texto alternativo de la foto 4")).toBeVisible({ timeout: 60_000 });
  for (const [i, alt] of story.alts.entries()) {
    await main.getByLabel(`Texto alternativo de la foto ${i + 1}`).fill(alt);
    await main.getByLabel(`Momento de la foto ${i + 1}`).selectOption(story.stages[i] as string);
  }
  await main.getByLabel(/^Destacada en la página de inicio/).check();
}

/** A draft's «Vista previa» link, as staff open it from the draft's page (valid for an hour). */
export async function previewLink(page: Page, resource: string, id: number): Promise<string> {
  const main = page.getByRole("main");
  await page.goto(`/admin/${resource}/detail/${id}`);
  await main.getByRole("button", { name: "Vista previa" }).click();
  const link = main.getByRole("link", { name: "Abrir la vista previa" });
  await expect(link).toBeVisible();
  return (await link.getAttribute("href")) as string;
}

/** The preview of a draft project as a signed-out visitor opens it, while its address is a 404. */
export async function expectProjectPreview(outsider: Page, story: ContentStory, url: string) {
  expect(url).toMatch(/\/obras\/vista-previa\/[\w-]+$/);
  expect((await outsider.goto(url))?.status()).toBe(200);
  await expect(outsider.getByRole("heading", { level: 1 })).toHaveText(story.title);
  await expect(outsider.getByRole("status").first()).toContainText("Vista previa de un borrador");
  await expect(outsider.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect((await outsider.goto(`/obras/${story.slug}`))?.status()).toBe(404);
}

/** Publishes a project from its form; the moment it was saved is returned. */
export async function publishProject(page: Page, id: number): Promise<number> {
  const main = page.getByRole("main");
  await page.goto(`/admin/projects/update/${id}`);
  await main.getByLabel(/^Estado/).selectOption("published");
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/index/);
  return Date.now();
}

/**
 * A draft's «Vista previa» shows `text` to a signed-out visitor through its link (the public
 * pages do not), then the draft is published from its form by ticking `published`.
 */
export async function previewAndPublish(
  page: Page,
  outsider: Page,
  resource: string,
  id: number,
  text: string,
  published: RegExp,
) {
  const main = page.getByRole("main");
  const url = await previewLink(page, resource, id);
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

/** An opinion of the story's client on its project, saved as a draft. */
export async function createReview(page: Page, story: ContentStory) {
  const main = page.getByRole("main");
  await page.goto("/admin/reviews/create");
  await main.getByLabel(/^Nombre o iniciales/).fill("Carmen R.");
  await main.getByLabel(/^Ciudad/).fill("Alicante");
  await main.getByLabel(/^Servicio/).selectOption(storyService);
  await main.getByLabel(/^Obra/).selectOption({ label: story.title });
  await main.getByLabel(/^Valoración/).fill("5");
  await main.getByLabel(/^Opinión/).fill(story.reviewText);
  // As people in Spain write a day.
  await main.getByLabel(/^Fecha/).fill("15/10/2026");
  await main.getByLabel(/^Origen/).selectOption("directa");
  await main
    .getByLabel(/^Prueba del consentimiento/)
    .fill("Correo de la clienta del 16/10/2026 autorizando publicarla.");
  await main.getByRole("button", { name: "Crear", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/reviews\/index/);
}

/** The story's team member with a photo, saved as a draft once the photo is up. */
export async function createMember(page: Page, story: ContentStory) {
  const main = page.getByRole("main");
  await page.goto("/admin/team/create");
  await main.getByLabel(/^Nombre/).fill(story.memberName);
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
}

/** Where the story's service page is. */
export const storyServicePath = () => servicePath(findService("reformas", storyService) as Service);

/**
 * What a visitor finds once the project is published: the projects index, its service page,
 * the home page (it is featured), the gallery's real photos and the sitemap.
 */
export async function expectProjectListed(outsider: Page, story: ContentStory) {
  const { title, slug, alts } = story;
  await outsider.goto("/obras");
  await expect(outsider.getByRole("link", { name: new RegExp(title) })).toBeVisible();
  await outsider.goto(storyServicePath());
  await expect(
    outsider
      .getByRole("region", { name: "Obras de reformas de baños" })
      .getByRole("link", { name: new RegExp(title) }),
  ).toBeVisible();
  await outsider.goto("/");
  await expect(outsider.getByRole("link", { name: new RegExp(title) }).first()).toBeVisible();
  const sitemap = await outsider.request.get("/sitemap.xml");
  expect(await sitemap.text()).toContain(`/obras/${slug}</loc>`);

  // The gallery leads with the real photos, and no longer says it is waiting for them.
  await outsider.goto("/gallery");
  await expect(outsider.getByRole("heading", { level: 1 })).toHaveText("Galería de obras");
  await expect(outsider.getByText(/mientras preparamos las fotos/)).toHaveCount(0);
  const photos = outsider.getByRole("list", { name: "Fotos de obras terminadas" });
  for (const alt of alts) await expect(photos.getByRole("img", { name: alt })).toBeVisible();
}
