// The newsletter's double opt-in as a visitor lives it (issue 14, decision 101): subscribe in
// the footer, confirm from the mail, receive the welcome mail, leave with one click.
import type { APIRequestContext } from "@playwright/test";
import { withConsentChosen } from "./chrome-support";
import { expect, linkPath, type Mailbox, test } from "./support/mailbox";
import { uniqueEmail } from "./support/people";

let visitor = 0;

/**
 * A subscriber who went through the real double opt-in (by the API, as the page's script
 * would), each from an address of its own; answers the welcome mail, with its unsubscribe link.
 */
async function confirmedSubscriber(request: APIRequestContext, mailbox: Mailbox, email: string) {
  const headers = { "X-Forwarded-For": `198.18.170.${++visitor}` };
  const subscribed = await request.post("/api/subscriptions", { headers, data: { email } });
  expect(subscribed.status()).toBe(201);
  const confirmation = await mailbox.waitForMail(email);
  const token = tokenOf(linkPath(confirmation, "/newsletter/confirmar"));
  const confirmed = await request.post("/api/subscriptions/confirm", { headers, data: { token } });
  expect(confirmed.status()).toBe(200);
  return mailbox.waitForMail(email, { already: 1 });
}

const tokenOf = (path: string) => new URL(path, "http://x").searchParams.get("token") ?? "";

test.beforeEach(async ({ page }) => {
  await withConsentChosen(page);
});

test("subscribe, confirm from the mail, unsubscribe from the welcome mail; used links say so", async ({
  page,
  mailbox,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("boletin");
  await page.goto("/team");
  const form = page.locator("#suscription");
  await expect(form).toContainText("Acepto recibir el boletín");
  await expect(form.getByRole("link", { name: "Cómo tratamos tus datos" })).toHaveAttribute(
    "href",
    "/privacy-and-politics",
  );
  await form.getByLabel("Tu correo electrónico").fill(email);
  await form.getByRole("button", { name: "Suscribirme" }).click();
  await expect(form.getByRole("status")).toContainText("enlace para confirmar");

  const confirmation = await mailbox.waitForMail(email);
  expect(confirmation.subject).toBe("Confirma tu suscripción al boletín de Obra Mediterránea");
  const confirmPath = linkPath(confirmation, "/newsletter/confirmar");
  await page.goto(confirmPath);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Confirma tu suscripción" })).toBeVisible();
  await main.getByRole("button", { name: "Confirmar suscripción" }).click();
  await expect(main.getByRole("heading", { name: "Suscripción confirmada" })).toBeVisible();

  const welcome = await mailbox.waitForMail(email, { already: 1 });
  expect(welcome.subject).toBe("Ya recibes el boletín de Obra Mediterránea");
  await page.goto(linkPath(welcome, "/newsletter/baja"));
  await main.getByRole("button", { name: "Darme de baja" }).click();
  await expect(main.getByRole("heading", { name: "Baja confirmada" })).toBeVisible();
  await expect(main).toContainText("No volverás a recibir nuestro boletín");

  // The confirmation link again: refused in words, nothing to click that would change anything.
  await page.goto(confirmPath);
  await main.getByRole("button", { name: "Confirmar suscripción" }).click();
  await expect(main.getByRole("status")).toContainText("Enlace no válido");
  await expect(main.getByRole("status")).toContainText("no es válido o ha caducado");
});

test("the List-Unsubscribe address opened in a browser shows the unsubscribe page", async ({
  page,
  request,
  mailbox,
}) => {
  // Mail apps that know only the older List-Unsubscribe header open its address in a browser.
  const email = uniqueEmail("boletin-cabecera");
  const welcome = await confirmedSubscriber(request, mailbox, email);
  const token = tokenOf(linkPath(welcome, "/newsletter/baja"));
  await page.goto(`/api/subscriptions/unsubscribe?token=${token}`);
  // Before, a JSON 404.
  await expect(page).toHaveURL(`/newsletter/baja?token=${token}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Date de baja del boletín" })).toBeVisible();
  await main.getByRole("button", { name: "Darme de baja" }).click();
  await expect(main.getByRole("heading", { name: "Baja confirmada" })).toBeVisible();
});

test("a forged or truncated unsubscribe link gets a Spanish explanation", async ({ page }) => {
  for (const query of ["?token=abc", `?token=${"x".repeat(43)}`, ""]) {
    await page.goto(`/newsletter/baja${query}`);
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Darme de baja" }).click();
    await expect(main.getByRole("status")).toContainText("Este enlace de baja no es válido");
    // How to leave anyway, never "subscribe again".
    await expect(main.getByRole("status")).toContainText("escríbenos a");
    await expect(main.getByRole("status")).not.toContainText("suscríbete");
  }
});

test.describe("before the page's script has run", () => {
  test.use({ javaScriptEnabled: false });

  test("the footer's form still subscribes: a page says to check the mail, and the link comes", async ({
    page,
    mailbox,
  }) => {
    const email = uniqueEmail("boletin-sin-script");
    await page.goto("/team");
    const form = page.locator("#suscription");
    await form.getByLabel("Tu correo electrónico").fill(email);
    await form.getByRole("button", { name: "Suscribirme" }).click();
    // Before, the pages' 405: "Algo salió mal", and nothing stored.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revisa tu correo");
    await expect(page).toHaveTitle("Revisa tu correo | Obra Mediterránea");
    const confirmation = await mailbox.waitForMail(email);
    expect(linkPath(confirmation, "/newsletter/confirmar")).toMatch(/token=/);
  });
  test("the confirm and unsubscribe buttons still work, and say so on a page", async ({
    page,
    request,
    mailbox,
  }) => {
    const email = uniqueEmail("boletin-botones-sin-script");
    const headers = { "X-Forwarded-For": "198.18.171.1" };
    expect((await request.post("/api/subscriptions", { headers, data: { email } })).status()).toBe(
      201,
    );
    const confirmation = await mailbox.waitForMail(email);
    await page.goto(linkPath(confirmation, "/newsletter/confirmar"));
    await page.getByRole("button", { name: "Confirmar suscripción" }).click();
    // Before, the pages' 405: "Algo salió mal", and nothing confirmed.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suscripción confirmada");
    await expect(page).toHaveTitle("Suscripción confirmada | Obra Mediterránea");

    const welcome = await mailbox.waitForMail(email, { already: 1 });
    expect(welcome.subject).toBe("Ya recibes el boletín de Obra Mediterránea");
    await page.goto(linkPath(welcome, "/newsletter/baja"));
    await page.getByRole("button", { name: "Darme de baja" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Baja confirmada");
    await expect(page.getByText("No volverás a recibir nuestro boletín")).toBeVisible();
    await page.getByRole("link", { name: "Volver a la página de inicio" }).click();
    await expect(page).toHaveURL("/");

    await page.goto(`/newsletter/baja?token=${"x".repeat(43)}`);
    await page.getByRole("button", { name: "Darme de baja" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enlace no válido");
  });
});
