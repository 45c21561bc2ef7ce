// Account screens pass axe (WCAG 2.1 AA rules) in the states a visitor meets them, dialogs
// included. The admin screens have their own file, admin-a11y.spec.ts (decision 196).
import type { Page } from "@playwright/test";
import { axe } from "./support/axe";
import { expect, linkPath, test } from "./support/mailbox";
import { openAs, registerUnverified, registerVerified } from "./support/people";

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
