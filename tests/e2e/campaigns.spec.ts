// A newsletter campaign as staff live it (issue 14, decisions 102-103): write it in Markdown,
// look at the mail in the sandboxed preview, send a test to oneself, send it to the confirmed
// subscribers, watch the counts.
import { baseURL } from "../../playwright.config";
import { withConsentChosen } from "./chrome-support";
import { expect, linkPath, test } from "./support/mailbox";
import { createWithRole, openAs, uniqueEmail } from "./support/people";

test.beforeEach(async ({ page }) => {
  await withConsentChosen(page);
});

test("preview, a test to oneself, then the send to a confirmed subscriber", async ({
  page,
  mailbox,
  playwright,
}) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  const staff = await createWithRole(request, "admin", "Carmen Campañas");
  const auth = { Authorization: `Bearer ${staff.token}` };

  // A subscriber who confirmed, through the real double opt-in.
  const subscriber = uniqueEmail("lectora");
  const subscribed = await request.post("/api/subscriptions", { data: { email: subscriber } });
  expect(subscribed.status()).toBe(201);
  const confirmation = await mailbox.waitForMail(subscriber);
  const token = new URL(linkPath(confirmation, "/newsletter/confirmar"), baseURL).searchParams.get(
    "token",
  );
  expect((await request.post("/api/subscriptions/confirm", { data: { token } })).status()).toBe(
    200,
  );
  await mailbox.waitForMail(subscriber, { already: 1 });

  const subject = `Cocinas que duran ${Date.now()}`;
  const created = await request.post("/api/admin/campaigns/create", {
    headers: auth,
    data: {
      subject,
      body: "## Ideas para tu cocina\n\nMira la [galería](https://obra.test/gallery).\n\n<script>alert(1)</script>",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()).data;
  await request.dispose();

  // Staff reach the campaign's screen from the section's list.
  await openAs(page, staff, "/admin/campaigns/index");
  await page.getByRole("button", { name: `Acciones: ${subject}`, exact: true }).click();
  await page.getByRole("link", { name: `Vista previa y envío: ${subject}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/campaigns/send/${id}$`));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(main).toContainText("Estado: Borrador");
  // Before anything is sent, the screen says whom a send would reach (others' subscribers too:
  // the e2e database is shared).
  const reach = main.getByText(/^Se enviará a \d+ suscriptor(es)? confirmados?\.$/);
  await expect(reach).toBeVisible();
  const preview = page.frameLocator('iframe[title="Vista previa del correo"]');
  await expect(preview.getByRole("heading", { name: "Ideas para tu cocina" })).toBeVisible();
  // Raw HTML in the Markdown is shown as text, never run.
  await expect(preview.getByText("<script>alert(1)</script>")).toBeVisible();
  await expect(preview.getByText("Darte de baja")).toBeVisible();

  // The addresses left empty: the test goes to oneself (decision 259).
  await main.getByRole("button", { name: "Enviar prueba" }).click();
  await expect(main.getByRole("status")).toContainText(
    `Te hemos enviado la campaña a ${staff.email}`,
  );
  const testMail = await mailbox.waitForMail(staff.email, { subject: `[Prueba] ${subject}` });
  expect(testMail.subject).toBe(`[Prueba] ${subject}`);

  // The screen asks for the counts every 5 s while the campaign goes out: on Playwright's clock,
  // moved on below instead of waited for.
  await page.clock.install();
  await main.getByRole("button", { name: "Enviar a los suscriptores" }).click();
  const confirm = page.getByRole("dialog", { name: "¿Enviar la campaña?" });
  // The same words as the screen's; the count itself may move meanwhile, as other tests add and
  // remove subscribers in the shared database.
  await expect(confirm).toContainText(
    /Se enviará a \d+ suscriptor(es)? confirmados?\. Una campaña/,
  );
  await confirm.getByRole("button", { name: "Enviar" }).click();
  await expect(main.getByRole("status")).toContainText("La campaña se enviará a");
  await expect(main.getByRole("button", { name: "Enviar a los suscriptores" })).toBeHidden();
  const mail = await mailbox.waitForMail(subscriber, { already: 2 });
  expect(mail.subject).toBe(subject);
  expect(mail.links.some((link) => link.includes("/newsletter/baja?token="))).toBe(true);
  await expect(main.getByText("Enviados")).toBeVisible();
  await expect(reach).toBeHidden();
  // The screen follows the send without a reload.
  await expect(async () => {
    await page.clock.runFor(5_000);
    await expect(main.getByText("Estado: Enviada")).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  // A second campaign moments later: the consent text promises at most one a month, so its
  // screen and its confirmation say which campaign went out and when, and the send says so.
  const again = await playwright.request.newContext({ baseURL });
  const second = await again.post("/api/admin/campaigns/create", {
    headers: auth,
    data: { subject: `Baños pequeños ${Date.now()}`, body: "Ideas para un baño de 4 m²." },
  });
  expect(second.status()).toBe(201);
  const secondId = (await second.json()).data.id;
  await again.dispose();
  await page.goto(`/admin/campaigns/send/${secondId}`);
  const warning = main.getByText(`Atención: la última campaña, «${subject}», se envió el `);
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("hace menos de una hora");
  await expect(warning).toContainText("como mucho un correo al mes");
  await main.getByRole("button", { name: "Enviar a los suscriptores" }).click();
  const confirmAgain = page.getByRole("dialog", { name: "¿Enviar la campaña?" });
  await expect(confirmAgain).toContainText(`«${subject}»`);
  await confirmAgain.getByRole("button", { name: "Enviar de todos modos" }).click();
  await expect(main.getByRole("status")).toContainText("La campaña se enviará a");
});

test("the editor's preview follows what is typed, and says what is added on its own", async ({
  page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL });
  const staff = await createWithRole(request, "admin", "Rosa Redacción");
  await request.dispose();
  await openAs(page, staff, "/admin/campaigns/create");
  const main = page.getByRole("main");
  const preview = main.getByRole("region", { name: "Vista previa" });
  await expect(preview).toContainText("El saludo («Hola:») y el pie con la firma");
  await main.getByRole("textbox", { name: "Asunto" }).fill("Terrazas para el verano");
  const body = main.getByRole("textbox", { name: "Contenido (Markdown)" });
  await body.fill("## Ideas de terraza\n\n<b>sin negrita</b>");
  const frame = page.frameLocator('iframe[title="Vista previa del correo"]');
  // The mail's own rendering: the greeting added, the Markdown drawn, raw HTML as text.
  await expect(frame.getByRole("heading", { name: "Ideas de terraza" })).toBeVisible();
  await expect(frame.getByText("Hola:")).toBeVisible();
  await expect(frame.getByText("<b>sin negrita</b>")).toBeVisible();
  await expect(preview.getByText("Terrazas para el verano")).toBeVisible();
  // It follows the typing, without a save.
  await body.pressSequentially("\n\n### Pérgolas");
  await expect(frame.getByRole("heading", { name: "Pérgolas" })).toBeVisible();
  await main.getByRole("textbox", { name: "Asunto" }).fill("Terrazas y pérgolas");
  await expect(preview.getByText("Terrazas y pérgolas")).toBeVisible();
});

/** "2026-11-29T10:05": a moment on Madrid's clock, as a datetime-local control takes it. */
function madridWallTime(date: Date): string {
  const parts = new Intl.DateTimeFormat("sv-SE", {
    timeZone: "Europe/Madrid",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
  return parts.replace(" ", "T");
}

test("a test to typed addresses, and a send scheduled for the next minute goes when due", async ({
  page,
  mailbox,
  playwright,
}) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL });
  const staff = await createWithRole(request, "admin", "Pablo Programa");
  const auth = { Authorization: `Bearer ${staff.token}` };
  const subscriber = uniqueEmail("programada");
  expect((await request.post("/api/subscriptions", { data: { email: subscriber } })).status()).toBe(
    201,
  );
  const confirmation = await mailbox.waitForMail(subscriber);
  const token = new URL(linkPath(confirmation, "/newsletter/confirmar"), baseURL).searchParams.get(
    "token",
  );
  expect((await request.post("/api/subscriptions/confirm", { data: { token } })).status()).toBe(
    200,
  );
  await mailbox.waitForMail(subscriber, { already: 1 });
  const subject = `Programada ${Date.now()}`;
  const created = await request.post("/api/admin/campaigns/create", {
    headers: auth,
    data: { subject, body: "Llega sola a su hora." },
  });
  const { id } = (await created.json()).data;
  await request.dispose();

  await openAs(page, staff, `/admin/campaigns/send/${id}`);
  const main = page.getByRole("main");
  const status = main.getByRole("status");

  // Six addresses are one too many; two go, each its own test mail.
  const testTo = main.getByRole("textbox", { name: "Enviar una prueba a" });
  const six = [1, 2, 3, 4, 5, 6].map((n) => uniqueEmail(`prueba${n}`));
  await testTo.fill(six.join(", "));
  await main.getByRole("button", { name: "Enviar prueba" }).click();
  await expect(main.getByRole("alert")).toContainText(
    "La prueba puede enviarse a 5 direcciones como máximo; has escrito 6.",
  );
  await testTo.fill(`${six[0]}, ${six[1]}`);
  await main.getByRole("button", { name: "Enviar prueba" }).click();
  await expect(status).toContainText(`Hemos enviado la prueba a ${six[0]}, ${six[1]}.`);
  for (const address of six.slice(0, 2)) {
    expect((await mailbox.waitForMail(address)).subject).toBe(`[Prueba] ${subject}`);
  }

  // A moment gone is refused; the next minute on Madrid's clock is taken.
  const at = main.getByLabel("Programar el envío");
  await at.fill(madridWallTime(new Date(Date.now() - 120_000)));
  await main.getByRole("button", { name: "Programar envío" }).click();
  await expect(main.getByRole("alert")).toContainText(
    "El envío debe programarse para un momento futuro.",
  );
  const due = new Date(Date.now() + 60_000);
  await at.fill(madridWallTime(due));
  await main.getByRole("button", { name: "Programar envío" }).click();
  await expect(status).toContainText("La campaña se enviará el ");
  await expect(main.getByText(/^Envío programado para el /)).toBeVisible();

  // Nobody presses anything: when due, the site sends it, and the screen follows.
  const mail = await mailbox.waitForMail(subscriber, { subject, timeout: 150_000 });
  expect(mail.subject).toBe(subject);
  await expect(main.getByText(/Estado: Envia(da|ndo)/)).toBeVisible({ timeout: 20_000 });
  await expect(main.getByRole("button", { name: "Cancelar el envío programado" })).toBeHidden();
});
