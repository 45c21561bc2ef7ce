// Issue 35 as staff and visitors live it: from a lead marked ganado, «Crear obra» opens a draft
// with its service and city; staff add two before/after pairs, preview the draft through its
// link (which a signed-out visitor can open, while the project's own address stays a 404), then
// publish it with an opinion and a team member, each previewed as a draft first (decision 270)
// and published from its form. Visitors then find the project on /obras, its
// page (photos in a lightbox that works from the keyboard, CreativeWork JSON-LD), its service
// page, the home page (featured), /gallery and the sitemap; the opinion and the member show
// where they belong. (The deploy guide's two instances: tests/deploy/scale-out-browser.test.ts.)
import { axe } from "./support/axe";
import { expect, test } from "./support/mailbox";
import { createWithRole, openAs, type Person, uniqueEmail } from "./support/people";
import {
  contentStory,
  createMember,
  createReview,
  expectProjectListed,
  expectProjectPreview,
  fillProject,
  idOf,
  previewAndPublish,
  previewLink,
  publishProject,
  storyService,
  visitor,
} from "./support/site-content";

test.describe.configure({ mode: "serial" });

const tag = Date.now().toString(36);
const story = contentStory(tag);
const { title, slug, alts, reviewText, memberName } = story;

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
      service: storyService,
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
  await expect(main.getByLabel(/^Servicio/)).toHaveValue(storyService);
  await expect(main.getByLabel(/^Ciudad/)).toHaveValue("Alicante");

  await fillProject(main, story);
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/index/);

  // A draft is not public: its address is a 404, and no page lists it.
  const outsider = await visitor(browser);
  expect((await outsider.goto(`/obras/${slug}`))?.status()).toBe(404);
  await outsider.goto("/gallery");
  await expect(outsider.getByRole("img", { name: alts[0] })).toHaveCount(0);

  // «Vista previa» opens the draft as visitors will see it, through a link of an hour.
  const previewUrl = await previewLink(page, "projects", projectId);
  expect(await violations()).toEqual([]);
  await expectProjectPreview(outsider, story, previewUrl);

  // Published from its form.
  await publishProject(page, projectId);
  // A published project has no preview: its own address shows it.
  await page.goto(`/admin/projects/detail/${projectId}`);
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(main.getByRole("button", { name: "Vista previa" })).toHaveCount(0);
  // Its photos as staff chose them: each with its alt text and stage, never the stored JSON.
  await expect(main.getByRole("img", { name: alts[1] })).toBeVisible();
  await expect(main.getByRole("figure").filter({ hasText: alts[1] })).toContainText("Después");
  await expect(main).not.toContainText("photo_id");

  // An opinion linked to it, and a team member with a photo: drafts first, previewed, then
  // published.
  await createReview(page, story);
  const reviewId = await idOf(page.request, staff.token, "reviews", tag);
  await previewAndPublish(page, outsider, "reviews", reviewId, reviewText, /^Publicada/);

  await createMember(page, story);
  const memberId = await idOf(page.request, staff.token, "team", tag);
  await previewAndPublish(page, outsider, "team", memberId, memberName, /^Publicado/);

  // What a visitor sees now.
  await expect
    .poll(async () => (await outsider.goto(`/obras/${slug}`))?.status(), { timeout: 5_000 })
    .toBe(200);
  await expect(outsider.getByRole("heading", { level: 1 })).toHaveText(title);
  const pairs = outsider.getByRole("region", { name: "Antes y después" });
  await expect(pairs.getByRole("img")).toHaveCount(4);
  await expect(outsider.getByText(reviewText)).toBeVisible();
  // The description's Markdown list reads as a list, with its bullets.
  const body = outsider.getByRole("region", { name: "La obra" });
  await expect(body.getByRole("listitem")).toHaveText(["Ducha de obra", "Lavabo nuevo"]);
  expect(
    await body.getByRole("list").evaluate((list) => getComputedStyle(list).listStyleType),
  ).toBe("disc");
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

  await outsider.goto("/team");
  await expect(outsider.getByText(memberName)).toBeVisible();
  await expectProjectListed(outsider, story);
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
  await page.goto(`/gallery?servicio=${storyService}`, { waitUntil: "networkidle" });
  expect(await violations()).toEqual([]);
  await page.getByRole("link", { name: alts[3] }).click();
  const galleryDialog = page.getByRole("dialog", { name: "Fotos de nuestras obras" });
  await expect(galleryDialog.getByRole("img", { name: alts[3] })).toBeVisible();
  await galleryDialog.getByRole("button", { name: "Cerrar" }).click();
  await expect(galleryDialog).toBeHidden();
  await page.context().close();
});
