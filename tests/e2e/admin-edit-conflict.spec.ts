// Two staff, one lead (decision 161): saving an edit form opened before a colleague moved the
// lead on says so, keeps the form, and leaves the colleague's change in place.
import type { APIRequestContext } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, test } from "./support/mailbox";
import { createWithRole, openAs, type Person } from "./support/people";

let ana: Person;
let inigo: Person;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL });
  ana = await createWithRole(request, "admin", "Ana Ruiz");
  inigo = await createWithRole(request, "admin", "Íñigo Peña");
  await request.dispose();
});

const headers = (person: Person) => ({ Authorization: `Bearer ${person.token}` });

/** A visitor's request, sent from its own address; its id as staff find it by its subject. */
async function newLead(
  request: APIRequestContext,
  from: string,
  lead: { name: string; phone: string; subject: string; message: string },
): Promise<number> {
  const sent = await request.post("/api/contacts", {
    headers: { "X-Forwarded-For": from },
    data: lead,
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const list = await request.get(`/api/admin/contacts?q=${encodeURIComponent(lead.subject)}`, {
    headers: headers(ana),
  });
  const [found] = (await list.json()).data.data as { id: number }[];
  return found?.id as number;
}

test("an edit form opened before a colleague's change does not undo it", async ({
  page,
  request,
}) => {
  const id = await newLead(request, "203.0.113.154", {
    name: "Marta Gil",
    phone: "+34 600 111 222",
    subject: `Reforma de baño ${Date.now()}`,
    message: "Baño de 5 m².",
  });

  await openAs(page, ana, `/admin/contacts/update/${id}`);
  const main = page.getByRole("main");
  await expect(main.getByRole("checkbox", { name: "Atendido" })).not.toBeChecked();

  const moved = await request.post("/api/admin/contacts/status", {
    headers: headers(inigo),
    data: { id, status: "presupuesto_enviado" },
  });
  expect(moved.status()).toBe(200);

  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(main.getByRole("alert")).toHaveText(
    "Otra persona ha cambiado este registro después de que abrieras el formulario. No hemos guardado tus cambios para no deshacer los suyos: recarga la página para ver la versión actual.",
  );
  await expect(page).toHaveURL(`${baseURL}/admin/contacts/update/${id}`);
  const detail = await request.get(`/api/admin/contacts/detail/${id}`, { headers: headers(ana) });
  expect((await detail.json()).data.status).toBe("presupuesto_enviado");

  // Reloaded, the form shows the lead as it is now and saves.
  await page.reload();
  await expect(main.getByRole("checkbox", { name: "Atendido" })).toBeChecked();
  await main.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page).toHaveURL(`${baseURL}/admin/contacts/index`);
});

test("a one-click status or assignment over a colleague's newer one is refused and shows theirs", async ({
  page,
  request,
}) => {
  const id = await newLead(request, "203.0.113.161", {
    name: "Rosa Vidal",
    phone: "+34 600 222 333",
    subject: `Reforma de cocina ${Date.now()}`,
    message: "Cocina de 9 m².",
  });

  await openAs(page, ana, `/admin/contacts/detail/${id}`);
  const main = page.getByRole("main");
  const status = main.getByRole("combobox", { name: /^Estado: / });
  await expect(status).toHaveValue("nuevo");

  // Íñigo moves the lead on and takes it while Ana's page still shows it new and unassigned.
  const moved = await request.post("/api/admin/contacts/status", {
    headers: headers(inigo),
    data: { id, status: "visita" },
  });
  expect(moved.status()).toBe(200);
  await status.selectOption("contactado");
  await expect(main.getByRole("alert")).toContainText(
    "Otra persona ha cambiado el estado de este registro mientras lo tenías abierto.",
  );
  await expect(status).toHaveValue("visita");

  const inigoId = (await (await request.get("/api/user", { headers: headers(inigo) })).json()).user
    .id as number;
  const taken = await request.post("/api/admin/contacts/assign", {
    headers: headers(inigo),
    data: { id, assignee_id: inigoId },
  });
  expect(taken.status(), await taken.text()).toBe(200);
  const assignee = main.getByRole("combobox", { name: "Responsable" });
  await assignee.selectOption({ label: "Ana Ruiz" });
  await expect(main.getByRole("alert")).toContainText(
    "Otra persona ha cambiado el responsable de este registro",
  );
  await expect(assignee).toHaveValue(String(inigoId));

  // Now that her page shows his step, her next one saves.
  await status.selectOption("contactado");
  await expect(main.getByRole("alert")).toHaveCount(0);
  const detail = await request.get(`/api/admin/contacts/detail/${id}`, { headers: headers(ana) });
  expect((await detail.json()).data).toMatchObject({ status: "contactado", assignee_id: inigoId });
});

test("a refused status change in the inbox of new leads still says why when its row leaves", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const subject = `Baño ${Date.now()}`;
  const id = await newLead(request, "203.0.113.162", {
    name: "Pilar Soler",
    phone: "600 222 444",
    subject,
    message: "Cambiar la bañera.",
  });
  await openAs(
    page,
    ana,
    `/admin/contacts/index?status=nuevo&sort=inbox&q=${encodeURIComponent(subject)}`,
  );
  const main = page.getByRole("main");
  const status = main
    .getByRole("table")
    .getByRole("combobox", { name: `Estado: Pilar Soler — ${subject}`, exact: true });
  await expect(status).toHaveValue("nuevo");
  // Íñigo moves it on; Ana's choice is refused, and the reload takes the lead out of her view.
  const moved = await request.post("/api/admin/contacts/status", {
    headers: headers(inigo),
    data: { id, status: "visita" },
  });
  expect(moved.status()).toBe(200);
  await status.selectOption("contactado");
  await expect(main).toContainText("No hay datos disponibles para mostrar.");
  await expect(main.getByRole("status").first()).toHaveText(
    `«Pilar Soler — ${subject}»: Otra persona ha cambiado el estado de este registro mientras lo tenías abierto. No hemos guardado tu cambio para no deshacer el suyo: ahora ves el actual.`,
  );
  await expect(main.getByRole("heading", { level: 1, name: "Contactos" })).toBeFocused();
});
