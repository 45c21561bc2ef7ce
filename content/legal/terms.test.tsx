import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { LegalPage } from "../../app/components/legal-page";
import { company, defaultCompanyFacts, placeholders } from "../company";
import { terms, termsFor } from "./terms";

/** Every source file of the site: where a copy of the company's data could hide. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "images" ? [] : sources(full);
    return /\.(ts|tsx|md|json)$/.test(entry.name) && !entry.name.includes(".test.") ? [full] : [];
  });
}

describe("the legal notice's registry data", () => {
  it("shows company.ts's NIF and Registro Mercantil data on the page", () => {
    // The root loader hands every page the company's facts (decision 245).
    const router = createMemoryRouter(
      [{ id: "root", path: "*", loader: () => null, element: <LegalPage document={terms} /> }],
      { hydrationData: { loaderData: { root: { company } } } },
    );
    const text = renderToStaticMarkup(<RouterProvider router={router} />).replace(/<[^>]+>/g, "");
    const { registry } = company;
    expect(text).toContain(`NIF: ${company.nif}.`);
    expect(text).toContain(`Titular: ${company.legalName}`);
    expect(text).toContain(
      `inscrita en el ${registry.office}, tomo ${registry.tomo}, folio ${registry.folio}, hoja ${registry.hoja}, inscripción ${registry.inscription}.`,
    );
    expect(text).toContain(`Teléfono: ${company.phone}.`);
  });

  it("names the service areas staff saved in «Empresa», not the first install's", () => {
    const document = termsFor({
      ...defaultCompanyFacts,
      areasServed: ["Valencia", "Torrent", "Paterna"],
    });
    const text = document.sections.flatMap((section) => section.paragraphs ?? []).join(" ");
    expect(text).toContain("presta en Valencia, Torrent y Paterna, y permite");
    expect(text).not.toContain("Madrid");
  });

  it("is written only in content/company.ts: no copy in the site's other sources", () => {
    const copies: string[] = [];
    const files = [...sources("content"), ...sources("app")].filter(
      (file) => path.resolve(file) !== path.resolve("content/company.ts"),
    );
    const values = [placeholders.nif, placeholders.registry.hoja, placeholders.phone, "Tomo 0"];
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (const value of values) if (source.includes(value)) copies.push(`${file}: ${value}`);
    }
    expect(copies).toEqual([]);
  });
});
