// Account and admin screens pass axe (WCAG 2.1 AA rules) in the states a visitor meets them,
// dialogs included.
import type { Page } from "@playwright/test";
import { axe } from "./support/axe";
import { expect, linkPath, test } from "./support/mailbox";
import { createWithRole, openAs, registerUnverified, registerVerified } from "./support/people";

async function expectNoViolations(page: Page, where: string) {
  const scan = await axe(page).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const found = scan.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(found, where).toEqual([]);
}

test("sign-in screens and the error dialog", async ({ page, request, mailbox }) => {
  // The account and its two mails come while the first screens are scanned, which need none.
  const resetLink = (async () => {
    const person = await registerVerified(request, mailbox);
    await request.post("/api/forgot-password", { data: { email: person.email } });
    const mail = await mailbox.waitForMail(person.email, { already: 1 });
    return linkPath(mail, "/change-password/");
  })();
  for (const path of ["/login", "/register", "/forgot-password"]) {
    await page.goto(path);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page, path);
  }
  await page.goto(await resetLink);
  await expect(page.getByRole("textbox", { name: "Nueva contraseña" })).toBeVisible();
  await expectNoViolations(page, "change-password");
  await page.goto("/change-password/a%40b.es/enlace-usado");
  await expect(page.getByRole("heading", { name: "Este enlace ya no sirve" })).toBeVisible();
  await expectNoViolations(page, "change-password, used link");
  await page.goto("/login");
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Correo electrónico" }).fill("nadie@example.test");
  await main.getByRole("textbox", { name: "Contraseña", exact: true }).fill("no-es-esta");
  await main.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "error dialog");
});

test("dashboards, profile and the verification screen", async ({ page, request, mailbox }) => {
  // Verified (its mail waited for) while the unverified dashboard is scanned.
  const verified = registerVerified(request, mailbox);
  await openAs(page, await registerUnverified(request), "/dashboard");
  await expect(page.getByRole("heading", { name: "Verifica tu correo electrónico" })).toBeVisible();
  await expectNoViolations(page, "unverified dashboard");

  await openAs(page, await verified, "/dashboard");
  await expect(page.getByRole("region", { name: "Bienvenida" })).toBeVisible();
  await expectNoViolations(page, "verified dashboard");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Perfil" })).toBeVisible();
  await expectNoViolations(page, "profile");

  await page.goto("/verify-email/enlace-que-no-existe");
  await expect(page.getByText("Te redirigirás en")).toBeVisible();
  await expectNoViolations(page, "verify-email");
});

test("admin list, form and delete confirmation", async ({ page, request }) => {
  const admin = await createWithRole(request, "admin", "Axe Admin");
  await openAs(page, admin, "/admin/users/index");
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: /^Editar/ })
      .first(),
  ).toBeVisible();
  await expectNoViolations(page, "users list");
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Borrar/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "delete confirmation");
  await page.keyboard.press("Escape");
  await page.goto("/admin/users/create");
  await expect(page.getByRole("textbox", { name: "Nombre" })).toBeVisible();
  await expectNoViolations(page, "users form");
});

test("admin inbox: the frame, the table, a lead's detail and the phone layout", async ({
  page,
  request,
}) => {
  const admin = await createWithRole(request, "admin", "Axe Bandeja");
  const lead = await request.post("/api/contacts", {
    headers: { "X-Forwarded-For": "198.51.100.200" },
    data: {
      name: "Axe Cliente",
      // With an address: its page has the reply form (decision 187).
      email: "axe.cliente@example.com",
      phone: "611 222 333",
      subject: "Reforma de baño",
      message: "Cambiar bañera por ducha.",
    },
  });
  expect(lead.status(), await lead.text()).toBe(201);
  await page.setViewportSize({ width: 1440, height: 900 });
  // Searched for, so that the leads other test files add meanwhile (the inbox puts the oldest
  // first) cannot push this one to the next page.
  await openAs(page, admin, "/admin/contacts/index?status=nuevo&sort=inbox&q=Axe+Cliente");
  const main = page.getByRole("main");
  await expect(main.getByRole("table")).toBeVisible();
  await expectNoViolations(page, "inbox table");
  await main
    .getByRole("table")
    .getByRole("link", { name: /^Axe Cliente/ })
    .first()
    .click();
  await expect(main.getByRole("heading", { level: 1, name: /^Axe Cliente/ })).toBeVisible();
  await expect(main.getByRole("textbox", { name: "Mensaje" })).toBeVisible();
  await expectNoViolations(page, "lead detail");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/contacts/index");
  await expect(
    main
      .getByRole("listitem")
      .filter({ has: page.locator("dl") })
      .first(),
  ).toBeVisible();
  await expectNoViolations(page, "inbox on a phone");
});
