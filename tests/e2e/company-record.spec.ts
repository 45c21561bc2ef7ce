// «Empresa» (issue 35; decision 245), as staff live it: a super admin replaces the placeholders
// (the phone, a NIF first mistyped, then right, the legal name, an office more) and publishes; the
// public header, footer, legal notice and contact page show the new values at once, and the
// placeholder checklist shrinks. Staff without the right to publish (guest staff) cannot change
// it. The record is put back as it was at the end: other stories read the first-install values.
import type { Locator, Page } from "@playwright/test";
import { visit } from "./chrome-support";
import { expect, test } from "./support/mailbox";
import { createWithRole, openAs } from "./support/people";

test.use({ actionTimeout: 10_000 });

/** The staff home's list of what the site still publishes as placeholders. */
const checklist = (page: Page) =>
  page.locator("section").filter({
    has: page.getByRole("heading", { name: "Faltan datos reales de la empresa" }),
  });

const fieldset = (page: Page, legend: string) =>
  page.getByRole("group", { name: legend, exact: true });

/** A field by its label, whatever hint follows it («NIF/CIF Con su letra…»). */
const labelled = (scope: Locator | Page, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?!\\p{Ll})`, "u"));

async function fill(scope: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await labelled(scope, label).fill(value);
  }
}

test("a super admin replaces the placeholders and publishes; the public pages show them; guest staff cannot", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const boss = await createWithRole(request, "super_admin", "Sara Empresa");
  const guest = await createWithRole(request, "guest_user", "Gema Invitada");
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const before = await (
    await request.get("/api/admin/company", { headers: auth(boss.token) })
  ).json();
  const tag = Date.now().toString(36).slice(-5);
  const legalName = `Reformas Turia ${tag}, S.L.`;
  try {
    // Guest staff: neither the screen nor the API changes it.
    const refused = await request.post("/api/admin/company", {
      headers: auth(guest.token),
      data: { record: { ...before.record, phone: "900 000 001" }, version: before.version },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toMatch(/permiso|acceso|no puedes/i);
    await openAs(page, guest, "/admin/company/record");
    await expect(page.getByRole("button", { name: "Guardar y publicar" })).toHaveCount(0);

    // The super admin lands on the staff home, whose checklist names what is still an example
    // and leads to the «Empresa» screen.
    await openAs(page, boss, "/dashboard");
    await expect(
      checklist(page).getByRole("listitem").filter({ hasText: "NIF/CIF" }),
    ).toBeVisible();
    const missingBefore = await checklist(page).getByRole("listitem").count();
    expect(missingBefore).toBeGreaterThan(2);
    await checklist(page).getByRole("link", { name: "Completar los datos de la empresa" }).click();
    await expect(page.getByRole("heading", { name: "Empresa", level: 1 })).toBeVisible();

    // A NIF with a wrong control character: refused in Spanish, on that field, nothing saved.
    await fill(page.getByRole("main"), {
      "Teléfono principal": "963 112 233",
      "Razón social": legalName,
      "NIF/CIF": "B12345678",
    });
    await page.getByRole("button", { name: "Guardar y publicar" }).click();
    const refusal = page.getByRole("dialog");
    await expect(refusal).toContainText("NIF/CIF");
    await expect(refusal).toContainText("El NIF/CIF no es válido");
    await refusal.getByRole("button", { name: "Aceptar" }).click();
    // The field says it too, tied to it for screen readers; what was typed stays.
    const nif = page.getByRole("textbox", { name: /^NIF\/CIF/ });
    await expect(nif).toHaveValue("B12345678");
    await expect(nif).toHaveAttribute("aria-invalid", "true");
    await expect(nif).toHaveAccessibleDescription(/El NIF\/CIF no es válido/);

    // Then a valid one, the main office for real, and a second office.
    await fill(page.getByRole("main"), { "NIF/CIF": "B12345674" });
    await fill(fieldset(page, "Oficina principal"), {
      Dirección: `Carrer de Sueca, ${tag}`,
      "Código postal": "46006",
      Localidad: "Valencia",
      Latitud: "39,4585",
      Longitud: "-0,3769",
      "Teléfono de la oficina": "963 112 233",
      Horario: `De lunes a viernes, de 8:00 a 18:00 (${tag})`,
    });
    await page.getByRole("button", { name: "Añadir oficina" }).click();
    const second = fieldset(page, "Oficina 2");
    await fill(second, {
      Dirección: "Avinguda del Port, 12",
      "Código postal": "46023",
      Localidad: "Valencia",
      Latitud: "39.4627",
      Longitud: "-0.3421",
      "Teléfono de la oficina": "963 445 566",
      Horario: "Sábados, de 9:00 a 13:00",
    });
    await labelled(second, "Provincia").selectOption("Valencia");
    await page.getByRole("button", { name: "Guardar y publicar" }).click();
    const saved = page.getByRole("dialog");
    await expect(saved).toContainText("Los datos de la empresa ya se ven en la web.");
    await saved.getByRole("button", { name: "Aceptar" }).click();

    // The home's checklist shrinks (NIF, legal name, phone, map are no longer there).
    await page.goto("/dashboard");
    await expect(checklist(page).getByRole("listitem").first()).toBeVisible();
    const missingAfter = await checklist(page).getByRole("listitem").count();
    expect(missingAfter).toBeLessThan(missingBefore);
    for (const done of ["NIF/CIF", "Razón social", "Teléfono principal"]) {
      await expect(checklist(page).getByRole("listitem").filter({ hasText: done })).toHaveCount(0);
    }

    // The public pages show the new values at once, with no rebuild.
    await expect
      .poll(async () => {
        await visit(page, "/");
        return page.getByRole("banner").textContent();
      })
      .toContain("963 112 233");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(legalName);
    await expect(footer).toContainText(`Carrer de Sueca, ${tag}`);
    await visit(page, "/terms-and-conditions");
    await expect(page.getByRole("main")).toContainText("NIF: B12345674.");
    await expect(page.getByRole("main")).not.toContainText("B00000000");
    await visit(page, "/contact");
    await expect(page.getByRole("main")).toContainText(`(${tag})`);
  } finally {
    // Put the first-install values back for the other stories (the version moved on).
    const now = await (
      await request.get("/api/admin/company", { headers: auth(boss.token) })
    ).json();
    const restored = await request.post("/api/admin/company", {
      headers: auth(boss.token),
      data: { record: before.record, version: now.version },
    });
    expect(restored.status(), await restored.text()).toBe(200);
  }
});
