// The account stories of SPEC §2/§4 end to end: real API, real database, real SMTP peer.
import { termsVersion } from "../../content/account-fields";
import { expect, linkPath, test } from "./support/mailbox";
import {
  createWithRole,
  openAs,
  password,
  registerUnverified,
  registerVerified,
  uniqueEmail,
} from "./support/people";

const dialog = (page: import("@playwright/test").Page) => page.getByRole("dialog");

/**
 * The rest of the verification page's countdown to its redirect, on Playwright's clock (installed
 * before the page opened; it also runs as usual meanwhile): each second moved on at once instead
 * of waited for, until the page sends the visitor on. Each step waits for the number to change,
 * so that the page has set its next second's timer before the clock moves again; a countdown
 * that stops fails here (decision 170).
 */
async function countDown(page: import("@playwright/test").Page) {
  const countdown = page.getByText(/^Te redirigirás en \d segundos?$/);
  /** The seconds shown, or 0 once the page has sent the visitor on. */
  const left = async () => {
    const shown = await countdown.allTextContents().catch(() => []);
    return Number(shown[0]?.match(/\d/)?.[0] ?? 0);
  };
  for (let shown = await left(); shown > 0; shown = await left()) {
    await page.clock.runFor(1_000);
    await expect.poll(left, { intervals: [20] }).toBeLessThan(shown);
  }
}

test("register, open the verification link, wait for the countdown, sign in: the verified dashboard", async ({
  page,
  browser,
  request,
  mailbox,
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("lucia");
  const main = page.getByRole("main");
  await page.goto("/register");
  await main.getByRole("textbox", { name: "Nombre de usuario" }).fill("Lucía Ferrer");
  await main.getByRole("textbox", { name: "Correo electrónico" }).fill(email);
  await main.getByRole("textbox", { name: "Contraseña", exact: true }).fill(password);
  await main.getByRole("textbox", { name: "Confirmar contraseña" }).fill(password);
  // The show/hide toggle reveals what was typed.
  await main.getByRole("button", { name: "Mostrar contraseña" }).first().click();
  await expect(main.getByRole("textbox", { name: "Contraseña", exact: true })).toHaveAttribute(
    "type",
    "text",
  );
  await expect(main.getByRole("button", { name: "Ocultar contraseña" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(main.getByRole("textbox", { name: "Confirmar contraseña" })).toHaveAttribute(
    "type",
    "password",
  );
  await main.getByRole("checkbox", { name: /acepto los términos y condiciones/ }).check();
  const [signUp] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST" && r.url().endsWith("/api/register")),
    main.getByRole("button", { name: "Crear cuenta" }).click(),
  ]);
  // SPEC §7's four fields, and the ticked box with the version of the texts it accepts.
  expect(signUp.postDataJSON()).toMatchObject({
    name: "Lucía Ferrer",
    email,
    terms: true,
    terms_version: termsVersion,
  });

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Aceptar" }).click();
  await expect(main.getByRole("heading", { name: "Verifica tu correo electrónico" })).toBeVisible();

  const mail = await mailbox.waitForMail(email);
  const link = linkPath(mail, "/verify-email/");

  // Opened where nobody is signed in (e.g. the phone's mail app).
  const phone = await browser.newPage();
  await phone.clock.install();
  await phone.goto(new URL(link, page.url()).href);
  await expect(phone.getByText("Te redirigirás en 5 segundos")).toBeVisible();
  await expect(phone.getByText("Te redirigirás en 4 segundos")).toBeVisible();
  await expect(phone.getByRole("main")).toContainText("ha quedado verificado");
  await countDown(phone);
  await expect(phone).toHaveURL(/\/login$/);
  // The API's success message stays up until it is read.
  await phone.getByRole("dialog").getByRole("button", { name: "Aceptar" }).click();

  const phoneMain = phone.getByRole("main");
  await phoneMain.getByRole("textbox", { name: "Correo electrónico" }).fill(email);
  await phoneMain.getByRole("textbox", { name: "Contraseña", exact: true }).fill(password);
  await phoneMain.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(phone).toHaveURL(/\/dashboard$/);
  const carousel = phoneMain.getByRole("region", { name: "Bienvenida" });
  await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
  await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(3);
  await expect(phoneMain.getByText("Verifica tu correo electrónico")).toHaveCount(0);
  await phone.close();

  // Staff see when and which version she accepted (decision 167).
  const answer = await signUp.response();
  if (!answer) throw new Error("the sign-up had no answer");
  const { user } = await answer.json();
  const staff = await createWithRole(request, "super_admin");
  const detail = await request.get(`/api/admin/users/detail/${user.id}`, {
    headers: { Authorization: `Bearer ${staff.token}` },
  });
  const { data } = await detail.json();
  expect(data.terms_version).toBe(termsVersion);
  expect(Date.parse(data.terms_accepted_at)).toBeGreaterThan(Date.now() - 5 * 60_000);
});

test("the verification link opened while signed in reloads the user", async ({
  page,
  request,
  mailbox,
}) => {
  const person = await registerUnverified(request);
  await openAs(page, person, "/dashboard");
  await expect(page.getByRole("heading", { name: "Verifica tu correo electrónico" })).toBeVisible();

  const link = linkPath(await mailbox.waitForMail(person.email), "/verify-email/");
  await page.clock.install();
  await page.goto(link);
  await expect(page.getByText("Te redirigirás en 5 segundos")).toBeVisible();
  // /login is for signed-out visitors only, so the countdown ends on the dashboard.
  await countDown(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("region", { name: "Bienvenida" })).toBeVisible();
});

test("a used verification link fails silently: no dialog, still the countdown to /login; its owner is told the address is verified", async ({
  page,
  request,
  mailbox,
}) => {
  const person = await registerVerified(request, mailbox);
  const [first] = await mailbox.messagesFor(person.email);
  if (!first) throw new Error("the verification mail is gone");
  const link = linkPath(first, "/verify-email/");
  await page.goto(link);
  await expect(page.getByRole("main")).toContainText("No hemos podido verificar tu correo");
  // Its owner may well be verified already (this one is): nothing misleads them.
  await expect(page.getByRole("main")).toContainText(
    "Si ya lo verificaste, solo tienes que iniciar sesión",
  );
  await expect(page.getByText("Te redirigirás en 5 segundos")).toBeVisible();
  await expect(dialog(page)).toBeHidden();

  // Opened again by its owner, signed in and verified: nothing failed, nothing to ask for.
  await openAs(page, person, "/dashboard");
  await page.goto(link);
  await expect(page.getByRole("main")).toContainText("Tu correo electrónico ya está verificado.");
  await expect(page.getByRole("main")).not.toContainText("No hemos podido verificar");
  await expect(dialog(page)).toBeHidden();
});

test("a verification link opened while signed in as someone else verifies the link's address, not theirs", async ({
  page,
  request,
  mailbox,
}) => {
  const dani = await registerUnverified(request, "Dani Enlace");
  const carla = await registerUnverified(request, "Carla Sesión");
  const link = linkPath(await mailbox.waitForMail(dani.email), "/verify-email/");
  await openAs(page, carla, "/dashboard");
  await expect(page.getByRole("heading", { name: "Verifica tu correo electrónico" })).toBeVisible();

  await page.clock.install();
  await page.goto(link);
  const main = page.getByRole("main");
  await expect(main).toContainText("El correo electrónico de este enlace ha quedado verificado.");
  await expect(main).toContainText("El enlace era de otra cuenta: tu correo sigue sin verificar.");
  await expect(main).not.toContainText("Tu correo electrónico ha quedado verificado");
  // The other person's address is never shown.
  await expect(main).not.toContainText(dani.email);
  await expect(dialog(page)).toContainText("El correo electrónico de este enlace está confirmado.");
  await expect(dialog(page)).not.toContainText(dani.email);
  await dialog(page).getByRole("button", { name: "Aceptar" }).click();

  // The countdown ends on Carla's dashboard, which still asks her to verify; Dani is verified.
  await countDown(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Verifica tu correo electrónico" })).toBeVisible();
  const me = await request.get("/api/user", { headers: { Authorization: `Bearer ${dani.token}` } });
  expect((await me.json()).user.email_verified_at).not.toBeNull();
});

test("an unverified user sees the notice and Resend sends a new mail", async ({
  page,
  request,
  mailbox,
}) => {
  const person = await registerUnverified(request, "Pau Sin Verificar");
  await mailbox.waitForMail(person.email);
  const before = (await mailbox.messagesFor(person.email)).length;

  await openAs(page, person, "/dashboard");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Hola, Pau Sin Verificar" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Verifica tu correo electrónico" })).toBeVisible();
  await expect(main.getByRole("region", { name: "Bienvenida" })).toHaveCount(0);

  await main.getByRole("button", { name: "Reenviar correo de verificación" }).click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Aceptar" }).click();
  const fresh = await mailbox.waitForMail(person.email, { already: before });
  expect(linkPath(fresh, "/verify-email/")).toMatch(/^\/verify-email\/[\w-]+$/);
});

test("forgot password, mail, change password, sign in with the new one", async ({
  page,
  request,
  mailbox,
}) => {
  const person = await registerVerified(request, mailbox, "Nuria Olvidadiza");
  const main = page.getByRole("main");
  await page.goto("/login");
  await main.getByRole("link", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await main.getByRole("textbox", { name: "Correo electrónico" }).fill(person.email);
  await main.getByRole("button", { name: "Enviar enlace" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Aceptar" }).click();

  const mail = await mailbox.waitForMail(person.email, { already: 1 });
  const link = linkPath(mail, "/change-password/");
  await page.goto(link);
  await expect(main.getByRole("textbox", { name: "Correo electrónico" })).toHaveValue(person.email);
  const fresh = "azotea-con-vistas-al-mar-77";
  await main.getByRole("textbox", { name: "Nueva contraseña" }).fill(fresh);
  await main.getByRole("textbox", { name: "Confirmar contraseña" }).fill(fresh);
  await main.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await dialog(page).getByRole("button", { name: "Aceptar" }).click();

  await main.getByRole("textbox", { name: "Correo electrónico" }).fill(person.email);
  await main.getByRole("textbox", { name: "Contraseña", exact: true }).fill(fresh);
  await main.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(main.getByRole("heading", { name: "Hola, Nuria Olvidadiza" })).toBeVisible();

  // The link opened again says at once that it is used: signed in, it offers the panel; signed
  // out, a new link for its address.
  await page.goto(link);
  await expect(main.getByRole("heading", { name: "Este enlace ya no sirve" })).toBeVisible();
  await expect(main.getByRole("textbox")).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Ir a mi panel" })).toHaveAttribute(
    "href",
    "/dashboard",
  );
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await main.getByRole("link", { name: "Pedir un enlace nuevo" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(main.getByRole("textbox", { name: "Correo electrónico" })).toHaveValue(person.email);
});

test("logout from the user menu revokes the token and lands on /login", async ({
  page,
  request,
  mailbox,
}) => {
  const person = await registerVerified(request, mailbox, "Carlos Saliente");
  await openAs(page, person, "/dashboard");
  const menu = page
    .getByRole("banner")
    .getByRole("button", { name: "Carlos Saliente" })
    .filter({ visible: true });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(
    page.getByRole("link", { name: "Usuario", exact: true }).filter({ visible: true }),
  ).toHaveAttribute("href", "/settings");
  await expect(page.getByRole("link", { name: "Perfil" }).filter({ visible: true })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Configuración" }).filter({ visible: true }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Cerrar Sesión" }).filter({ visible: true }).click();

  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
  const stale = await request.get("/api/user", {
    headers: { Authorization: `Bearer ${person.token}` },
  });
  expect(stale.status()).toBe(401);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("logout clears the session even when the API cannot be reached", async ({
  page,
  request,
  mailbox,
}) => {
  const person = await registerVerified(request, mailbox, "Eva Desconectada");
  await openAs(page, person, "/dashboard");
  await page.route("**/api/logout", (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Eva Desconectada" }).filter({ visible: true }).click();
  await page.getByRole("button", { name: "Cerrar Sesión" }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
  await expect(
    page
      .getByRole("banner")
      .getByRole("link", { name: "Iniciar sesión" })
      .filter({ visible: true }),
  ).toBeVisible();
});
