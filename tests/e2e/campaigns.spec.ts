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

  await main.getByRole("button", { name: "Enviarme una prueba" }).click();
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
