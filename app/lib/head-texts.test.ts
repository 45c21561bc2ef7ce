// Every public page's title and description, as a search result shows them: Google cuts a title
// at about 60 characters and a description at about 155, and a cut one loses its end, which was
// where the cities stood.
import { describe, expect, it } from "vitest";
import { company } from "../../content/company";
import { homeSeo } from "../../content/home";
import { cookies } from "../../content/legal/cookies";
import { privacy } from "../../content/legal/privacy";
import { terms } from "../../content/legal/terms";
import { contactPage, galleryPage, projectsPage, servicesPage } from "../../content/pages";
import { categories, categoryPath, servicePath, services } from "../../content/services";
import { publicPaths } from "../../content/sitemap";
import { teamSeo } from "../../content/team";
import type { Seo } from "../../content/types";
import { defaultDescription, documentTitle } from "./seo";

/** Where each public page's head texts are written (the routes hand them to pageMeta). */
const seoOf = new Map<string, Seo>([
  ["/", homeSeo],
  ["/team", teamSeo],
  ["/contact", contactPage.seo],
  ["/gallery", galleryPage.seo],
  ["/services", servicesPage.seo],
  ["/obras", projectsPage.seo],
  ...categories.map((category): [string, Seo] => [categoryPath(category.slug), category.seo]),
  ...services.map((service): [string, Seo] => [servicePath(service), service.seo]),
  ...[terms, privacy, cookies].map((document): [string, Seo] => [document.path, document.seo]),
]);

describe("the head texts of every page of the sitemap", () => {
  it("are known for every page", () => {
    expect(publicPaths.filter((path) => !seoOf.has(path))).toEqual([]);
  });

  it.each(publicPaths)("%s: a title of at most 60 characters with the company's name", (path) => {
    expect(documentTitle(seoOf.get(path)?.title ?? "").length).toBeLessThanOrEqual(60);
  });

  it.each(publicPaths)("%s: a description of at most 155 characters", (path) => {
    expect(seoOf.get(path)?.description.length).toBeLessThanOrEqual(155);
  });

  it("name the cities served on every category and service page", () => {
    const cities = company.areasServed.filter((area) => !area.includes(" ") && area !== "Cataluña");
    const pages = [...categories, ...services];
    const without = pages.filter(
      ({ seo }) => !cities.some((city) => seo.description.includes(city)),
    );
    expect(without.map(({ slug }) => slug)).toEqual([]);
  });

  it("keep the site's default description short too", () => {
    expect(defaultDescription(99).length).toBeLessThanOrEqual(155);
  });
});
