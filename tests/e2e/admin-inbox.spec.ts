// Issue 13's lead inbox as a staff member uses it on a wide screen: open the inbox, search, filter
// by status and service, open a lead, add a note, move it to "presupuesto enviado", bulk-mark
// three leads, export the filtered list and read the CSV back; then a super admin finds all of it
// in the audit log.
import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { expect, test } from "./support/mailbox";
import { createWithRole, openAs, type Person, uniqueEmail } from "./support/people";

test.use({ viewport: { width: 1440, height: 900 } });

let staff: Person;
let boss: Person;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT ?? 4173}`,
  });
  staff = await createWithRole(request, "admin", "Lucía Comercial");
  boss = await createWithRole(request, "super_admin", "Jaime Gerente");
  await request.dispose();
});

test("a staff member works the inbox; a super admin reads it all in the audit log", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Four kitchen leads and one bathroom lead from visitors, each from its own address.
  const tag = `Inbox${Date.now().toString(36)}`;
  const leads = [
    { name: `Carmen ${tag}`, service: "reformas-de-cocinas", subject: "Cocina abierta" },
    { name: `Diego ${tag}`, service: "reformas-de-cocinas", subject: "Cocina en L" },
    { name: `Elena ${tag}`, service: "reformas-de-cocinas", subject: "Cocina y office" },
    { name: `Fermín ${tag}`, service: "reformas-de-cocinas", subject: "Cocina pequeña" },
    { name: `Gloria ${tag}`, service: "reformas-de-banos", subject: "Baño con ducha" },
  ];
  for (const [n, lead] of leads.entries()) {
    const response = await request.post("/api/contacts", {
      headers: { "X-Forwarded-For": `198.51.100.${n + 10}` },
      data: {
        ...lead,
        email: uniqueEmail("lead"),
        phone: `612 345 6${String(n).padStart(2, "0")}`,
        message: `Quiero presupuesto: ${lead.subject}.`,
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  // The inbox: its own frame, new leads counted in the navigation.
  await openAs(page, staff, "/admin/users/index");
  const sections = page.getByRole("navigation", { name: "Secciones de administración" });
  await expect(sections.getByRole("link", { name: /Contactos/ })).toContainText("nuevos");
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await sections.getByRole("link", { name: /Contactos/ }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/index\?status=nuevo&sort=inbox$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Contactos" })).toBeVisible();

  // Search, then filter by service: four kitchens.
  await main.getByRole("searchbox", { name: "Buscar" }).fill(tag);
  await main.getByRole("combobox", { name: "Servicio" }).selectOption("reformas-de-cocinas");
  await main.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/service=reformas-de-cocinas/);
  const table = main.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(5);
  await expect(table).not.toContainText("Gloria");
  await expect(table.getByRole("rowheader").first()).toContainText("Espera");

  // Open one lead: read-only data with links, a note, then "presupuesto enviado".
  await table.getByRole("link", { name: `Carmen ${tag} — Cocina abierta`, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/detail\/\d+$/);
  await expect(
    main.getByRole("heading", { level: 1, name: `Carmen ${tag} — Cocina abierta` }),
  ).toBeVisible();
  await expect(main.getByRole("link", { name: "612 345 600" })).toHaveAttribute(
    "href",
    "tel:612345600",
  );
  await expect(main.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
    "href",
    "https://wa.me/34612345600",
  );
  const note = "Llamada hecha: quiere visita el jueves. <b>sin HTML</b>";
  await main.getByRole("textbox", { name: "Nueva nota" }).fill(note);
  await main.getByRole("button", { name: "Añadir nota" }).click();
  const notes = main.getByRole("region", { name: "Notas internas" });
  await expect(notes.getByRole("listitem")).toContainText(note);
  await expect(notes.getByRole("listitem")).toContainText("Lucía Comercial");
  await expect(main.getByRole("textbox", { name: "Nueva nota" })).toHaveValue("");
  await main
    .getByRole("combobox", { name: /^Estado:/ })
    .selectOption({ label: "Presupuesto enviado" });
  const history = main.getByRole("region", { name: "Historial" });
  await expect(history).toContainText("Estado: Nuevo → Presupuesto enviado");
  await expect(history).not.toContainText("Modificado");
  await expect(history).toContainText("Nota interna");

  // Back in the list (still filtered): the other three kitchens, marked "contactado" at once.
  await page.goBack();
  await expect(page).toHaveURL(/service=reformas-de-cocinas/);
  await expect(table.getByRole("row")).toHaveCount(4);
  await table.getByRole("checkbox", { name: "Elegir todos los de esta página" }).check();
  const bulk = main.getByRole("region", { name: "Acciones en bloque" });
  await expect(bulk).toContainText("3 registros elegidos");
  await bulk
    .getByRole("combobox", { name: "Acción" })
    .selectOption({ label: "Pasar a «Contactado»" });
  await bulk.getByRole("button", { name: "Aplicar" }).click();
  const confirm = page.getByRole("dialog", { name: "¿Cambiar el estado de 3 registros?" });
  await confirm.getByRole("button", { name: "Cambiar" }).click();
  await expect(main.getByRole("status").first()).toContainText("Se han modificado 3 registros.");
  await expect(main).toContainText("No hay datos disponibles para mostrar.");

  // Every status: the four kitchens, exported as CSV and read back.
  await main.getByRole("link", { name: "Todos" }).click();
  await expect(table.getByRole("row")).toHaveCount(5);
  const download = page.waitForEvent("download");
  await main.getByRole("button", { name: "Exportar CSV" }).click();
  const file = await (await download).path();
  const text = readFileSync(file, "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const rows: string[][] = parse(text.slice(1), { delimiter: ";" });
  const header = rows[0] ?? [];
  const nameAt = header.indexOf("Nombre");
  const statusAt = header.indexOf("Estado");
  const byName = new Map(rows.slice(1).map((row) => [row[nameAt], row[statusAt]]));
  expect(byName).toEqual(
    new Map([
      [`Carmen ${tag}`, "Presupuesto enviado"],
      [`Diego ${tag}`, "Contactado"],
      [`Elena ${tag}`, "Contactado"],
      [`Fermín ${tag}`, "Contactado"],
    ]),
  );

  // The super admin's audit log shows the note, the status change, the bulk change, the export.
  await openAs(page, boss, "/admin/audit/index");
  await expect(
    main.getByRole("heading", { level: 1, name: "Registro de actividad" }),
  ).toBeVisible();
  await main.getByRole("searchbox", { name: "Buscar" }).fill("Lucía Comercial");
  await main.getByRole("button", { name: "Aplicar" }).click();
  for (const action of [
    "Nota interna",
    "Cambio de estado",
    "Cambio de estado en bloque",
    "Exportación CSV",
  ]) {
    await expect(table.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
  }
});
