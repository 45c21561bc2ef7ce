import { describe, expect, it } from "vitest";
import { defaultDescription, noindexMeta, type PageMatches, pageMeta } from "./seo";
import { siteUrl } from "./site";

type Descriptor = Record<string, unknown>;
/** A page whose root has no data (its loader failed): the first install's name. */
const none: PageMatches = [];
const find = (meta: Descriptor[], key: string, value: string) =>
  meta.find((entry) => entry[key] === value);

describe("pageMeta", () => {
  it("titles the page after the company and links its canonical URL", () => {
    const meta = pageMeta(
      {
        title: "Reformas de cocinas",
        path: "/service/reformas/reformas-de-cocinas",
      },
      none,
    );
    expect(meta[0]).toEqual({ title: "Reformas de cocinas | Obra Mediterránea" });
    expect(find(meta, "rel", "canonical")).toMatchObject({
      tagName: "link",
      href: `${siteUrl}/service/reformas/reformas-de-cocinas`,
    });
    expect(find(meta, "property", "og:url")?.content).toBe(
      `${siteUrl}/service/reformas/reformas-de-cocinas`,
    );
    expect(find(meta, "property", "og:image")?.content).toBe(`${siteUrl}/og-image.jpg`);
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
  });

  it("falls back to the site's description and keywords, and joins keyword lists with commas", () => {
    const defaults = pageMeta({ title: "Galería", path: "/gallery" }, none);
    expect(find(defaults, "name", "description")?.content).toBe(defaultDescription(15));
    expect(String(find(defaults, "name", "keywords")?.content)).toContain("reformas, ");

    const own = pageMeta(
      {
        title: "Equipo",
        path: "/team",
        description: "Quiénes somos.",
        keywords: ["equipo", "arquitectos"],
      },
      none,
    );
    expect(find(own, "name", "description")?.content).toBe("Quiénes somos.");
    expect(find(own, "name", "keywords")?.content).toBe("equipo, arquitectos");
  });

  it("writes one JSON-LD script per object the route gives, and none of its own", () => {
    const ld = (meta: Descriptor[]) =>
      meta.filter((entry) => "script:ld+json" in entry).map((entry) => entry["script:ld+json"]);
    expect(ld(pageMeta({ title: "Inicio", path: "/" }, none))).toEqual([]);
    const data = [{ "@type": "BreadcrumbList" }, { "@type": "Service" }];
    expect(
      ld(pageMeta({ title: "Reformas", path: "/service/reformas", jsonLd: data }, none)),
    ).toEqual(data);
  });
});

describe("the company's name in the head", () => {
  it("is the trade name staff published, in the title and as og:site_name", () => {
    const matches: PageMatches = [
      { id: "root", loaderData: { company: { name: "Reformas Turia" } } },
      { id: "routes/team", loaderData: {} },
    ];
    const meta = pageMeta({ title: "Equipo", path: "/team" }, matches);
    expect(meta[0]).toEqual({ title: "Equipo | Reformas Turia" });
    expect(find(meta, "property", "og:site_name")?.content).toBe("Reformas Turia");
    expect(find(meta, "property", "og:title")?.content).toBe("Equipo | Reformas Turia");
    expect(noindexMeta({ title: "Mi panel" }, matches)[0]).toEqual({
      title: "Mi panel | Reformas Turia",
    });
  });

  it("replaces the first install's name in a page's own description and keywords", () => {
    const matches: PageMatches = [
      { id: "root", loaderData: { company: { name: "Reformas Turia" } } },
    ];
    const page = {
      title: "Equipo",
      path: "/team",
      description: "Conoce al equipo de Obra Mediterránea.",
      keywords: ["equipo", "Obra Mediterránea"],
    };
    for (const meta of [pageMeta(page, matches), noindexMeta(page, matches)]) {
      expect(find(meta, "name", "description")?.content).toBe(
        "Conoce al equipo de Reformas Turia.",
      );
      expect(find(meta, "name", "keywords")?.content).toBe("equipo, Reformas Turia");
    }
    expect(find(pageMeta(page, none), "name", "description")?.content).toBe(
      "Conoce al equipo de Obra Mediterránea.",
    );
  });
});

describe("the company's years in the default description", () => {
  const withYears = (yearsOfExperience: number): PageMatches => [
    { id: "root", loaderData: { company: { name: "Reformas Turia", yearsOfExperience } } },
  ];
  const description = (matches: PageMatches) =>
    find(pageMeta({ title: "Galería", path: "/gallery" }, matches), "name", "description")?.content;

  it("are the published company's, and the first install's (15, SPEC) without them", () => {
    expect(description(none)).toContain("Más de 15 años de experiencia");
    expect(description(withYears(21))).toContain("Más de 21 años de experiencia");
    expect(description(withYears(1))).toContain("Más de un año de experiencia");
  });

  it("are left out for a company that cannot claim a whole year", () => {
    expect(description(withYears(0))).toBe(
      "Reformas integrales, construcción e interiorismo en Madrid, Barcelona, Valencia y Alicante. Presupuesto sin compromiso.",
    );
  });
});

describe("noindexMeta", () => {
  it("gives screens kept out of search results a title, description and keywords too", () => {
    expect(noindexMeta({ title: "Mi panel" }, none)).toEqual([
      { title: "Mi panel | Obra Mediterránea" },
      { name: "description", content: defaultDescription(15) },
      { name: "keywords", content: expect.stringMatching(/^reformas, reformas integrales, /) },
      { name: "robots", content: "noindex" },
    ]);
    const own = noindexMeta(
      { title: "Perfil", description: "Tu cuenta.", keywords: ["a", "b"] },
      none,
    );
    expect(find(own, "name", "description")?.content).toBe("Tu cuenta.");
    expect(find(own, "name", "keywords")?.content).toBe("a, b");
    expect(find(own, "rel", "canonical")).toBeUndefined();
  });
});
