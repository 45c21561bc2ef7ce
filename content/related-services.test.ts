// «Servicios relacionados» on a service's page: what its visitor most likely needs too, not just
// the first services of its category (the hotel page offered home renovations).
import { describe, expect, it } from "vitest";
import { relatedServices, type Service, services } from "./services";

const slugs = (list: Service[]) => list.map((service) => service.slug);
const bySlug = (slug: string) => services.find((service) => service.slug === slug) as Service;

describe("the related services of a service's page", () => {
  it("are three other services of the catalogue, none twice, for every service", () => {
    for (const service of services) {
      const related = slugs(relatedServices(service));
      expect(related, service.slug).toHaveLength(3);
      expect(new Set(related).size, service.slug).toBe(3);
      expect(related, service.slug).not.toContain(service.slug);
      // Every slug written in content/services.ts names a service (a typo would drop it).
      for (const slug of service.related ?? []) expect(bySlug(slug), slug).toBeDefined();
    }
  });

  it("fit the hotel page: interiors, furniture and façades, no home renovation", () => {
    expect(slugs(relatedServices(bySlug("reformas-de-hoteles")))).toEqual([
      "diseno-y-decoracion-de-interiores",
      "mobiliario-a-medida",
      "reparacion-de-fachadas",
    ]);
  });

  it("fall back to the category's other services when a service names none", () => {
    const plain = { ...bySlug("reformas-de-hoteles"), related: undefined };
    expect(slugs(relatedServices(plain))).toEqual([
      "reformas-integrales",
      "reformas-de-cocinas",
      "reformas-de-banos",
    ]);
    const one = { ...plain, related: bySlug("reformas-de-hoteles").related?.slice(0, 1) };
    expect(slugs(relatedServices(one))).toEqual([
      "diseno-y-decoracion-de-interiores",
      "reformas-integrales",
      "reformas-de-cocinas",
    ]);
  });
});
