// «Empresa» (issue 35; decision 245) step by step, as a super admin fills it and a visitor then
// reads it: shared by the one-instance story (tests/e2e/company-record.spec.ts) and the deploy
// guide's two instances (tests/deploy/scale-out-browser.test.ts).
import { expect, type Locator, type Page, type Response } from "@playwright/test";

/** The staff home's list of what the site still publishes as placeholders. */
export const checklist = (page: Page) =>
  page.locator("section").filter({
    has: page.getByRole("heading", { name: "Faltan datos reales de la empresa" }),
  });

export const fieldset = (page: Page, legend: string) =>
  page.getByRole("group", { name: legend, exact: true });

/** A field by its label, whatever hint follows it («NIF/CIF Con su letra…»). */
export const labelled = (scope: Locator | Page, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}(?!\\p{Ll})`, "u"));

export async function fill(scope: Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await labelled(scope, label).fill(value);
  }
}

/** The company's real details in place of the placeholders, some of them named by `tag`. */
export function companyDetails(tag: string) {
  return {
    name: `Reformas Turia ${tag}`,
    phone: "963 112 233",
    legalName: `Reformas Turia ${tag}, S.L.`,
    nif: "B12345674",
    foundedYear: "2004",
    office: {
      Dirección: `Carrer de Sueca, ${tag}`,
      "Código postal": "46006",
      Localidad: "Valencia",
      Latitud: "39,4585",
      Longitud: "-0,3769",
      "Teléfono de la oficina": "963 112 233",
      Horario: `De lunes a viernes, de 8:00 a 18:00 (${tag})`,
    },
  };
}
export type CompanyDetails = ReturnType<typeof companyDetails>;

/** On the open «Empresa» screen: the main phone, legal name, NIF and the main office. */
export async function fillCompany(page: Page, details: CompanyDetails) {
  await fill(page.getByRole("main"), {
    "Nombre comercial": details.name,
    "Teléfono principal": details.phone,
    "Razón social": details.legalName,
    "NIF/CIF": details.nif,
    "Año de fundación": details.foundedYear,
  });
  await fill(fieldset(page, "Oficina principal"), details.office);
}

/** «Guardar y publicar», and the dialog that says the site shows it now. */
export async function publishCompany(page: Page) {
  await page.getByRole("button", { name: "Guardar y publicar" }).click();
  const saved = page.getByRole("dialog");
  await expect(saved).toContainText("Los datos de la empresa ya se ven en la web.");
  await saved.getByRole("button", { name: "Aceptar" }).click();
}

/**
 * The schema.org data of a page as served, each script parsed: what a search engine reads.
 * (Not the live document: at / signed-in staff get their panel once the page's script runs.)
 */
export async function jsonLdOf(answer: Response | null): Promise<Record<string, unknown>[]> {
  const html = (await answer?.text()) ?? "";
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1] as string),
  );
}

/**
 * What a visitor reads of the company on the open site: the header's trade name and phone, the
 * page's title, the footer's legal name and address, the years since its founding (the hero, the
 * footer), the home page's JSON-LD, the legal notice's NIF and the contact page's hours.
 */
export async function expectCompanyShown(page: Page, details: CompanyDetails) {
  const home = await page.goto("/");
  await expect(page.getByRole("banner")).toContainText(details.phone);
  // The trade name: the header's mark and every page's title.
  await expect(page.getByRole("link", { name: `${details.name}, inicio` })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(` \\| ${details.name}$`));
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(details.legalName);
  await expect(footer).toContainText(details.office.Dirección);
  // Founded in 2004: in 2026 more than 21 whole years, said wherever the site says its years.
  const years = `Más de ${new Date().getFullYear() - Number(details.foundedYear) - 1} años de obras`;
  await expect(footer).toContainText(years);
  // The hero's subtitle, as served (signed-in staff get their panel at / once the script runs).
  expect(await home?.text()).toContain(`${years} en Madrid`);
  const business = (await jsonLdOf(home)).find((data) => "taxID" in data);
  expect(business).toMatchObject({
    legalName: details.legalName,
    taxID: details.nif,
    address: { streetAddress: details.office.Dirección, postalCode: "46006" },
  });
  // A page whose description names the company: the published name, as search engines read it.
  await page.goto("/team");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    new RegExp(`equipo de ${details.name} `),
  );
  await page.goto("/terms-and-conditions");
  await expect(page.getByRole("main")).toContainText(`NIF: ${details.nif}.`);
  await expect(page.getByRole("main")).not.toContainText("B00000000");
  await page.goto("/contact");
  await expect(page.getByRole("main")).toContainText(details.office.Horario);
}
