/**
 * Issue 35's «Done when» on docs/deploy.md's two instances behind nginx, in Debian's Chromium:
 * a super admin, signed in through nginx, fills in «Empresa», makes a project with two
 * before/after pairs (previewed as a draft, then published), an opinion and a team member; a
 * signed-out visitor of each instance, addressed directly, sees each change within 5 s of its
 * publication, with no restart. The steps are the one-instance stories' own
 * (tests/e2e/support/company-form.ts, site-content.ts); this file only says where they run.
 */
import {
  type APIRequestContext,
  type Browser,
  chromium,
  expect,
  type Page,
  request,
} from "@playwright/test";
import { afterAll, beforeAll, describe, it } from "vitest";
import { launchOptions } from "../../playwright.config.ts";
import {
  companyDetails,
  expectCompanyShown,
  fillCompany,
  publishCompany,
} from "../e2e/support/company-form.ts";
import { apiLogin, openAs, type Person } from "../e2e/support/people.ts";
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
  storyServicePath,
  visitor,
} from "../e2e/support/site-content.ts";
import { guide, noPostgres, type ScaleOut, startScaleOut } from "./scale-out-setup.ts";

/** The promise: a published change is on every instance's pages within this. */
const publishedWithin = 5000;
/**
 * A page has arrived once its document has: whether it shows the change is the question, not
 * how long its images and script take on shared cores (those are checked afterwards).
 */
const arrived = { waitUntil: "domcontentloaded" } as const;

describe.skipIf(noPostgres)("docs/deploy.md scale-out in a browser (issue 35)", () => {
  let setup: ScaleOut;
  let browser: Browser;
  /** The super admin's page, on the site's own name through nginx. */
  let staffPage: Page;
  let boss: Person;
  /** Staff's API on the first instance (node's requests cannot resolve the guide's name). */
  let api: APIRequestContext;
  /** A signed-out visitor of each instance addressed directly, and one through nginx. */
  let visitors: Page[] = [];
  let outsider: Page;
  const tag = Date.now().toString(36);
  const story = contentStory(tag);
  const details = companyDetails(tag.slice(-5));

  beforeAll(async () => {
    // Both at once; whichever started is stopped by afterAll if the other failed.
    const [started, launched] = await Promise.allSettled([
      startScaleOut("browser"),
      chromium.launch({
        ...launchOptions,
        // The guide's name leads to this machine's nginx, as DNS would lead to the server.
        args: [...launchOptions.args, `--host-resolver-rules=MAP ${guide.canonicalHost} 127.0.0.1`],
      }),
    ]);
    if (started.status === "fulfilled") setup = started.value;
    if (launched.status === "fulfilled") browser = launched.value;
    for (const outcome of [started, launched])
      if (outcome.status === "rejected") throw outcome.reason;
    const site = `https://${guide.canonicalHost}:${setup.httpsPort}`;
    const staffContext = await browser.newContext({
      baseURL: site,
      locale: "es-ES",
      // nginx's certificate is self-signed here; a real one is Let's Encrypt's (the guide).
      ignoreHTTPSErrors: true,
    });
    staffPage = await staffContext.newPage();
    const credentials = {
      name: "Sara Gil",
      email: `sara-${process.pid}@example.test`,
      password: "tejado-azul-2026-deploy",
    };
    setup.createUser({ ...credentials, role: "super_admin" });
    api = await request.newContext({ baseURL: setup.direct(0) });
    boss = { ...credentials, token: await apiLogin(api, credentials.email, credentials.password) };
    visitors = await Promise.all(setup.instances.map((_, i) => visitor(browser, setup.direct(i))));
    outsider = await visitor(browser, site);
  }, 180_000);

  afterAll(async () => {
    await api?.dispose();
    await browser?.close();
    await setup?.stop();
  }, 60_000);

  /**
   * Runs `check` on every instance's visitor at once, each first waiting (reloading) until
   * `changed` holds there, no later than `publishedWithin` after `since`.
   */
  async function onEveryInstance(
    since: number,
    changed: (page: Page) => Promise<boolean>,
    check: (page: Page) => Promise<void>,
  ) {
    await Promise.all(
      visitors.map(async (page) => {
        await expect
          .poll(() => changed(page), {
            timeout: Math.max(since + publishedWithin - Date.now(), 1),
            intervals: [100],
          })
          .toBe(true);
        await check(page);
      }),
    );
  }

  /**
   * Each instance's visitor opens `paths` before a change and does not find `unseen` there: each
   * instance now keeps these pages as they were, and the change must reach what it keeps.
   */
  async function keptBefore(paths: string[], unseen: string) {
    await Promise.all(
      visitors.map(async (page) => {
        for (const path of paths) {
          const answer = await page.goto(path, arrived);
          expect(answer?.status(), path).toBe(200);
          expect(await page.content(), path).not.toContain(unseen);
        }
      }),
    );
  }

  it("shows the company details a super admin fills in on both instances within 5 s", async () => {
    await openAs(staffPage, boss, "/admin/company/record");
    await expect(staffPage.getByRole("heading", { name: "Empresa", level: 1 })).toBeVisible();
    await keptBefore(["/", "/terms-and-conditions", "/contact"], details.phone);
    await fillCompany(staffPage, details);
    await publishCompany(staffPage);
    const published = Date.now();
    await onEveryInstance(
      published,
      async (page) => {
        await page.goto("/", arrived);
        return (await page.getByRole("banner").textContent())?.includes(details.phone) ?? false;
      },
      (page) => expectCompanyShown(page, details),
    );
    await expectCompanyShown(outsider, details);
  }, 120_000);

  it("previews a draft project, then publishes it to both instances within 5 s", async () => {
    const main = staffPage.getByRole("main");
    await staffPage.goto("/admin/projects/create");
    await main.getByLabel(/^Servicio/).selectOption(storyService);
    await main.getByLabel(/^Ciudad/).fill("Alicante");
    await main.getByLabel(/^Provincia/).fill("Alicante");
    await main.getByLabel(/^Año/).fill(String(new Date().getFullYear()));
    await main.getByLabel(/^Estado/).selectOption("draft");
    await fillProject(main, story);
    await main.getByRole("button", { name: "Crear", exact: true }).click();
    await expect(staffPage).toHaveURL(/\/admin\/projects\/index/);
    const projectId = await idOf(api, boss.token, "projects", tag);

    // A draft: its address is a 404 on each instance; its preview link opens on each.
    const preview = new URL(await previewLink(staffPage, "projects", projectId));
    for (const page of [...visitors, outsider])
      await expectProjectPreview(page, story, preview.pathname);

    await keptBefore(["/obras", storyServicePath(), "/", "/gallery", "/sitemap.xml"], tag);
    const published = await publishProject(staffPage, projectId);
    await onEveryInstance(
      published,
      async (page) => (await page.goto(`/obras/${story.slug}`, arrived))?.status() === 200,
      async (page) => {
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(story.title);
        // The photos each instance serves are the ones staff uploaded through the other.
        const photos = page.getByRole("region", { name: "Antes y después" }).getByRole("img");
        await expect(photos).toHaveCount(4);
        for (const photo of await photos.all()) {
          await photo.scrollIntoViewIfNeeded();
          await expect
            .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
            .toBeGreaterThan(0);
        }
        await expectProjectListed(page, story);
      },
    );
  }, 180_000);

  it("shows the opinion on the service and home pages and the member on /team, on both instances within 5 s", async () => {
    await createReview(staffPage, story);
    await createMember(staffPage, story);
    const opinions = (page: Page) =>
      page.getByRole("region", { name: "Lo que dicen nuestros clientes" });

    const reviewId = await idOf(api, boss.token, "reviews", tag);
    await keptBefore([storyServicePath(), "/"], story.reviewText);
    await previewAndPublish(
      staffPage,
      outsider,
      "reviews",
      reviewId,
      story.reviewText,
      /^Publicada/,
    );
    await onEveryInstance(
      Date.now(),
      async (page) => {
        await page.goto(storyServicePath(), arrived);
        return (await opinions(page).getByText(story.reviewText).count()) > 0;
      },
      async (page) => {
        await page.goto("/");
        await expect(opinions(page).getByText(story.reviewText)).toBeVisible();
      },
    );

    const memberId = await idOf(api, boss.token, "team", tag);
    await keptBefore(["/team"], story.memberName);
    await previewAndPublish(staffPage, outsider, "team", memberId, story.memberName, /^Publicado/);
    await onEveryInstance(
      Date.now(),
      async (page) => {
        await page.goto("/team", arrived);
        return (await page.getByText(story.memberName).count()) > 0;
      },
      async (page) => {
        await expect(page.getByText(story.memberName)).toBeVisible();
        await expect(
          page.getByRole("img", { name: `${story.memberName}, Jefa de obra` }),
        ).toBeVisible();
      },
    );
  }, 180_000);
});
