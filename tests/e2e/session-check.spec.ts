// The session check of SPEC §4 (GET /api/user after restoring the stored token): only a rejected
// token (401) signs the visitor out. A check that fails for any other reason (the request
// aborted, a network error, a 503 while the database restarts) keeps the token, keeps protected
// screens closed without sending anyone to /login, and is tried again on the next navigation.
import { expect, type Locator, type Page, type Request, type Route, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { createWithRole, openAs, type Person } from "./support/people";

let admin: Person;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  admin = await createWithRole(request, "admin", "Sesión Admin");
  await request.dispose();
});

const userCheck = "**/api/user";
const adminList = "/admin/users/index";

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem("authToken"));

/** The header draws some controls twice (desktop strip, phone menu): the one on screen. */
const shown = (locator: Locator) => locator.filter({ visible: true }).first();

/**
 * The header shows the signed-in user's menu button once it knows who is there; the admin area's
 * frame shows the name.
 */
const signedInAs = (page: Page, person: Person) => {
  const banner = page.getByRole("banner");
  return expect(
    banner
      .getByRole("button", { name: person.name })
      .or(banner.getByText(person.name, { exact: true }))
      .first(),
  ).toBeAttached();
};

/** While the check fails: the screen stays where it was, closed, with a way to try again. */
async function expectSessionUnknown(page: Page, person: Person) {
  await expect(page.getByRole("alert")).toContainText("No hemos podido comprobar tu sesión");
  expect(page.url()).toBe(`${baseURL}${adminList}`);
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toHaveCount(0);
  expect(await storedToken(page)).toBe(person.token);
}

/** Resolves when the page's next GET /api/user has its answer, or has failed. */
function userCheckAnswered(page: Page): Promise<unknown> {
  const isUserCheck = (request: Request) => new URL(request.url()).pathname === "/api/user";
  return Promise.race([
    page.waitForEvent("requestfinished", isUserCheck),
    page.waitForEvent("requestfailed", isUserCheck),
  ]);
}

const failures: [string, (route: Route) => Promise<void>][] = [
  [
    "answers 503",
    (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          title: "Error de Servidor",
          message: "Base de datos reiniciándose",
        }),
      }),
  ],
  ["is aborted", (route) => route.abort("aborted")],
];

for (const [failure, fail] of failures) {
  test(`a session check that ${failure} keeps the token; the next in-app navigation signs in`, async ({
    page,
  }) => {
    await page.route(userCheck, fail);
    await openAs(page, admin, adminList);
    await expectSessionUnknown(page, admin);

    // Still failing: the next navigation (a public page: the admin frame's link to the site)
    // asks again, and keeps the token again.
    const askedAgain = userCheckAnswered(page);
    await page.getByRole("banner").getByRole("link", { name: "Ver la web" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await askedAgain;
    expect(await storedToken(page)).toBe(admin.token);

    // The server is back: the next navigation finds the user signed in.
    await page.unroute(userCheck);
    await shown(
      page.getByRole("banner").getByRole("link", { name: "Contacto", exact: true }),
    ).click();
    await expect(page).toHaveURL(`${baseURL}/contact`);
    await signedInAs(page, admin);
    await page.goto(adminList);
    await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
  });
}

test("'Reintentar' checks the session again and opens the screen once the server answers", async ({
  page,
}) => {
  // Down, then held until the test lets them through: the page also asks again by itself once
  // it has hydrated, and on a busy machine that check could otherwise succeed before the click.
  let server: "down" | "holding" | "up" = "down";
  const held: Route[] = [];
  await page.route(userCheck, (route) => {
    if (server === "down") return route.abort("connectionrefused");
    if (server === "holding") return void held.push(route);
    return route.continue();
  });
  await openAs(page, admin, adminList);
  await expectSessionUnknown(page, admin);

  server = "holding";
  await page.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByRole("button", { name: "Comprobando..." })).toBeDisabled();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  server = "up";
  for (const route of held) await route.continue();
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
  await signedInAs(page, admin);
  expect(page.url()).toBe(`${baseURL}${adminList}`);
});

test("a rejected token (401) is cleared and the visitor goes to /login, as before", async ({
  page,
}) => {
  await page.route(userCheck, (route) =>
    route.fulfill({
      status: 401,
      contentType: "application/json",
      body: JSON.stringify({ title: "Error de Autenticación", message: "Sesión caducada." }),
    }),
  );
  await openAs(page, admin, adminList);
  await expect(page).toHaveURL(`${baseURL}/login`);
  expect(await storedToken(page)).toBeNull();
  await expect(
    shown(page.getByRole("banner").getByRole("link", { name: "Iniciar sesión" })),
  ).toBeVisible();
});
