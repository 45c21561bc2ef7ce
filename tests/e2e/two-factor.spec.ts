// A super admin's second factor (decision 220), as they live it on a desktop and on a phone:
// enrolment on «Seguridad de la cuenta» (the key the screen shows, fed to the same TOTP library
// an app runs), signing out and back in with a code, and with a recovery code, once. And the
// session list (decision 221): «Cerrar las demás sesiones» really ends the other token.
import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { expect, test } from "./support/mailbox";
import { createWithRole, type Person } from "./support/people";

/** The app's code `steps` periods of 30 s from now (enrolment takes the one before now). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/**
 * Waits, when needed, until the current 30 s period has at least 10 s left: the enrolment's
 * code (the period before) is then still within the server's 30 s tolerance when it arrives,
 * however slow the machine.
 */
async function earlyInPeriod() {
  const into = (Date.now() / 1000) % 30;
  if (into > 20) await new Promise((done) => setTimeout(done, (30 - into) * 1000 + 200));
}

async function signInWithPassword(page: Page, person: Person) {
  await page.goto("/login");
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Correo electrónico" }).fill(person.email);
  await main.getByRole("textbox", { name: "Contraseña", exact: true }).fill(person.password);
  await main.getByRole("button", { name: "Iniciar sesión" }).click();
}

async function signOutFromTheAdmin(page: Page) {
  await page.goto("/admin/seguridad");
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("dialog").getByRole("button", { name: "Aceptar" }).click();
}

for (const device of [
  { name: "desktop", viewport: { width: 1280, height: 800 }, hasTouch: false },
  { name: "phone", viewport: { width: 390, height: 844 }, hasTouch: true },
]) {
  test.describe(`on a ${device.name}`, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch });

    test("a super admin enrols a second factor, signs back in with it, and with a recovery code once", async ({
      page,
      request,
    }) => {
      const person = await createWithRole(request, "super_admin", "Elena Soler");
      await signInWithPassword(page, person);
      await expect(page).toHaveURL(/\/dashboard$/);

      // Enrolment: offered, then the QR code and the key, then the first code.
      await page.goto("/admin/seguridad");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { name: "Seguridad de la cuenta" })).toBeVisible();
      await main.getByRole("button", { name: "Activar la verificación en dos pasos" }).click();
      await expect(main.getByRole("img", { name: /Código QR/ })).toBeVisible();
      const secret = (await main.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await earlyInPeriod();
      await main
        .getByRole("textbox", { name: "Código de 6 cifras" })
        .fill(await codeAt(secret, -1));
      await main.getByRole("button", { name: "Comprobar y activar" }).click();
      const list = main.getByRole("list", { name: "Códigos de recuperación" });
      await expect(list.getByRole("listitem")).toHaveCount(10);
      const recovery = await list.getByRole("listitem").first().innerText();
      await main.getByRole("link", { name: "Ya los he guardado" }).click();
      await expect(main.getByText("Te quedan 10 de 10 códigos de recuperación.")).toBeVisible();

      // Out, and back in: the password, then the code in the same screen, focus on its field.
      await signOutFromTheAdmin(page);
      await signInWithPassword(page, person);
      await expect(page.getByRole("heading", { name: "Verificación en dos pasos" })).toBeVisible();
      const code = page.getByRole("textbox", { name: "Código de verificación" });
      await expect(code).toBeFocused();
      await page.keyboard.type(await codeAt(secret, 0));
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/dashboard$/);

      // Out again, and in with a recovery code: it works once, and says how many are left.
      await signOutFromTheAdmin(page);
      await signInWithPassword(page, person);
      await page.getByRole("textbox", { name: "Código de verificación" }).fill(recovery);
      await page.getByRole("button", { name: "Verificar y entrar" }).click();
      const told = page.getByRole("dialog");
      await expect(told).toContainText("te quedan 9");
      await told.getByRole("button", { name: "Aceptar" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      await signOutFromTheAdmin(page);
      await signInWithPassword(page, person);
      await page.getByRole("textbox", { name: "Código de verificación" }).fill(recovery);
      await page.getByRole("button", { name: "Verificar y entrar" }).click();
      const refused = page.getByRole("dialog");
      await expect(refused).toContainText("El código no es correcto o ya se ha usado");
      await refused.getByRole("button", { name: "Aceptar" }).click();
      // Still on the code's step (the challenge has attempts left), not signed in.
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("textbox", { name: "Código de verificación" })).toBeVisible();
    });
  });
}

test("a staff member sees their sessions and closes the others: the other token stops working", async ({
  page,
  request,
}) => {
  const person = await createWithRole(request, "admin", "Pau Ferrer");
  await signInWithPassword(page, person);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/admin/seguridad");
  const sessions = page.getByRole("region", { name: "Sesiones abiertas" });
  // This browser's session and the one createWithRole opened through the API.
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").filter({ hasText: "Esta sesión" })).toContainText(
    "Chrome en Windows",
  );
  await sessions.getByRole("button", { name: "Cerrar las demás sesiones" }).click();
  const told = page.getByRole("dialog");
  await expect(told).toContainText("Se ha cerrado 1 sesión.");
  await told.getByRole("button", { name: "Aceptar" }).click();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  const closed = await request.get("/api/user", {
    headers: { Authorization: `Bearer ${person.token}` },
  });
  expect(closed.status()).toBe(401);
});
