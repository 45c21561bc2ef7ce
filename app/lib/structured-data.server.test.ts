import { describe, expect, it } from "vitest";
import { company, defaultCompanyFacts, officeHours } from "../../content/company";
import { services } from "../../content/services";
import { siteUrl } from "./site";
import { breadcrumbJsonLd, businessJsonLd, serviceJsonLd } from "./structured-data.server";

describe("breadcrumbJsonLd", () => {
  it("numbers the trail from 1 with absolute URLs", () => {
    expect(
      breadcrumbJsonLd([
        { name: "Inicio", path: "/" },
        { name: "Reformas", path: "/service/reformas" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Inicio", item: `${siteUrl}/` },
        { "@type": "ListItem", position: 2, name: "Reformas", item: `${siteUrl}/service/reformas` },
      ],
    });
  });
});

describe("businessJsonLd", () => {
  it("describes the company, with the hours the contact page gives", () => {
    const business = businessJsonLd(defaultCompanyFacts);
    expect(business).toMatchObject({
      "@type": "HomeAndConstructionBusiness",
      "@id": `${siteUrl}/#empresa`,
      telephone: "+34960000000",
      address: { "@type": "PostalAddress", addressCountry: "ES" },
      openingHoursSpecification: [
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
          opens: "08:00",
          closes: "18:00",
        },
      ],
    });
    // The sentence the contact page shows says the same days and times.
    expect(officeHours.text).toBe("De lunes a viernes, de 8:00 a 18:00");
  });
});

describe("serviceJsonLd", () => {
  it("names the service, the company that provides it and the areas served", () => {
    const service = services.find((s) => s.slug === "reformas-de-banos");
    if (!service) throw new Error("missing service");
    expect(serviceJsonLd(service, "Reformas", defaultCompanyFacts)).toEqual({
      "@context": "https://schema.org",
      "@type": "Service",
      "@id": `${siteUrl}/service/reformas/reformas-de-banos#servicio`,
      name: service.title,
      serviceType: "Reformas de baños",
      category: "Reformas",
      description: service.seo.description,
      url: `${siteUrl}/service/reformas/reformas-de-banos`,
      provider: {
        "@type": "HomeAndConstructionBusiness",
        "@id": `${siteUrl}/#empresa`,
        name: company.name,
        url: `${siteUrl}/`,
        telephone: "+34960000000",
      },
      areaServed: company.areasServed.map((name) => ({ "@type": "AdministrativeArea", name })),
    });
  });
});
