// The error catalogue of SPEC §8 as a visitor meets it: one dialog per failure, titled by status,
// a single 'Aceptar' button, Escape closes it, focus goes back, what was typed stays.
import type { Page } from "@playwright/test";
import { holdRequests } from "./support/hold";
import { expect, test } from "./support/mailbox";
import { password, registerVerified, uniqueEmail } from "./support/people";

async function fillLogin(page: Page, email: string, secret: string) {
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Correo electrónico" }).fill(email);
  await main.getByRole("textbox", { name: "Contraseña", exact: true }).fill(secret);
  await main.getByRole("button", { name: "Iniciar sesión" }).click();
}

test("422: the dialog lists each field with its messages; the form keeps what was typed", async ({
  page,
  request,
  mailbox,
}) => {
  const taken = await registerVerified(request, mailbox, "Ya Registrada");
  const main = page.getByRole("main");
  await page.goto("/register");
  await main.getByRole("textbox", { name: "Nombre de usuario" }).fill("Otra Persona");
  await main.getByRole("textbox", { name: "Correo electrónico" }).fill(taken.email);
  await main.getByRole("textbox", { name: "Contraseña", exact: true }).fill(password);
  await main.getByRole("textbox", { name: "Confirmar contraseña" }).fill(`${password}-distinta`);
  await main.getByRole("checkbox").check();
  await main.getByRole("button", { name: "Crear cuenta" }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Error de Validación" })).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText([
    "Contraseña: La confirmación de la contraseña no coincide.",
  ]);
  await expect(dialog.getByRole("button")).toHaveText(["Aceptar"]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Everything typed is still there; fix the confirmation and meet the next rule.
  await expect(page).toHaveURL(/\/register$/);
  await expect(main.getByRole("textbox", { name: "Nombre de usuario" })).toHaveValue(
    "Otra Persona",
  );
  await expect(main.getByRole("textbox", { name: "Correo electrónico" })).toHaveValue(taken.email);
  await expect(main.getByRole("textbox", { name: "Contraseña", exact: true })).toHaveValue(
    password,
  );
  await main.getByRole("textbox", { name: "Confirmar contraseña" }).fill(password);
  await main.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(dialog.getByRole("heading", { name: "Error de Validación" })).toBeVisible();
  await expect(dialog.getByRole("listitem")).toHaveText([/^Correo electrónico: .+/]);
  await dialog.getByRole("button", { name: "Aceptar" }).click();
  await expect(main.getByRole("textbox", { name: "Correo electrónico" })).toHaveAttribute(
    "aria-invalid",
    "true",
  );
});

test("401: wrong credentials show the server's title and message", async ({ page }) => {
  await page.goto("/login");
  await fillLogin(page, uniqueEmail("nadie"), "no-es-la-contraseña");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Error de Autenticación" })).toBeVisible();
  await expect(dialog).toContainText("El correo electrónico o la contraseña no son correctos.");
  const accept = dialog.getByRole("button", { name: "Aceptar" });
  await expect(accept).toBeFocused();
  await accept.click();
  await expect(dialog).toBeHidden();
  // Focus returns to where it was when the dialog opened.
  await expect(
    page.getByRole("main").getByRole("button", { name: "Iniciar sesión" }),
  ).toBeFocused();
  await expect(page).toHaveURL(/\/login$/);
});

test("500: 'Error de Servidor' whatever the body says", async ({ page }) => {
  await page.route("**/api/login", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: JSON.stringify({ title: "Detalle interno", message: "stack" }),
    }),
  );
  await page.goto("/login");
  await fillLogin(page, uniqueEmail("servidor"), password);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Error de Servidor" })).toBeVisible();
  await expect(dialog).toContainText("Hubo un problema con el servidor. Intenta más tarde.");
  await expect(dialog).not.toContainText("Detalle interno");
});

test("unreachable API: 'Error de Conexión', and the button is usable again", async ({ page }) => {
  await page.route("**/api/login", (route) => route.abort("connectionrefused"));
  await page.goto("/login");
  await fillLogin(page, uniqueEmail("red"), password);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Error de Conexión" })).toBeVisible();
  await expect(dialog).toContainText("No se pudo conectar al servidor. Intenta nuevamente.");
  await dialog.getByRole("button", { name: "Aceptar" }).click();
  await expect(
    page.getByRole("main").getByRole("button", { name: "Iniciar sesión" }),
  ).toBeEnabled();
});

test("while a request is in flight the button is disabled and says 'Enviando...'", async ({
  page,
}) => {
  await page.goto("/forgot-password");
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Correo electrónico" }).fill(uniqueEmail("espera"));
  // Record every state the submit button goes through.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      for (const button of document.querySelectorAll("main button[type=submit]")) {
        // Disabled as the keyboard and screen readers know it: aria-disabled, which keeps the
        // focus where it was (a disabled button drops it).
        const disabled = button.getAttribute("aria-disabled") === "true";
        seen.push(`${disabled ? "disabled" : "enabled"}:${button.textContent}`);
      }
    }).observe(document.querySelector("main") as Node, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
  // The real answer held until the busy state has been drawn: a quick one could land before
  // it (a 300 ms hold was a guess at how long a busy machine takes to draw it, decision 195).
  const release = await holdRequests(page, "**/api/forgot-password");
  await main.getByRole("button", { name: "Enviar enlace" }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen))
    .toContain("disabled:Enviando...");
  release();
  await expect(page).toHaveURL(/\/login$/);
});
