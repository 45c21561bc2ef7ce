// «Empresa» (issue 35; decision 245), as staff live it: a super admin replaces the placeholders
// (the phone, a NIF first mistyped, then right, the legal name, an office more) and publishes;
// the public header, footer, JSON-LD, legal notice and contact page show the new values at once,
// and the placeholder checklist shrinks. Staff without the right to publish (guest staff) cannot
// change it. The record is put back as it was at the end: other stories read the first-install
// values.
import {
  checklist,
  companyDetails,
  expectCompanyShown,
  fieldset,
  fill,
  fillCompany,
  labelled,
  publishCompany,
} from "./support/company-form";
import { expect, test } from "./support/mailbox";
import { createWithRole, openAs } from "./support/people";

test.use({ actionTimeout: 10_000 });

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
  const details = companyDetails(tag);
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
    await fillCompany(page, { ...details, nif: "B12345678" });
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

    // Then a valid one, and a second office.
    await fill(page.getByRole("main"), { "NIF/CIF": details.nif });
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
    await publishCompany(page);

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
        await page.goto("/");
        return page.getByRole("banner").textContent();
      })
      .toContain(details.phone);
    await expectCompanyShown(page, details);
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

test("the header's «Empresa» link and the section's list address open the company record", async ({
  page,
  request,
}) => {
  const boss = await createWithRole(request, "super_admin", "Sara Enlaces");
  // From a public page, as staff reach the admin: the header's links of their role.
  await openAs(page, boss, "/");
  await page.getByRole("banner").getByRole("link", { name: "Empresa", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/company\/record$/);
  await expect(page.getByRole("heading", { name: "Empresa", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Guardar y publicar" })).toBeVisible();
  // Its tab says the section once: «Empresa | <trade name>».
  await expect(page).toHaveTitle(/^Empresa \| /);
  // The address every other section's list has: the one record has no list, so its screen.
  await page.goto("/admin/company/index");
  await expect(page).toHaveURL(/\/admin\/company\/record$/);
  await expect(page.getByRole("heading", { name: "Empresa", level: 1 })).toBeVisible();
});
