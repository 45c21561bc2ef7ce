// SPEC §1: "Each page has an SEO title, description and comma-separated keywords." Every screen
// of app/routes.ts, public or not, as the server sends it; and search engines are kept out of
// the personal screens and the 404 page, as before.

import { expect, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

/** A sample value for each URL parameter of app/routes.ts. */
const sampleParams: Record<string, string> = {
  resource: "users",
  id: "1",
  token: "enlace-de-prueba",
  email: "ana%40example.com",
  category: "reformas",
  slug: "reformas-integrales",
};

/** Files served at a path, not screens: they have no head. */
const notScreens = new Set(["sitemap.xml", "robots.txt"]);

/** Screens kept out of search results: personal, staff-only or missing pages. */
const noindex = [
  /^\/(register|login|forgot-password|dashboard|profile|settings)$/,
  /^\/(verify-email|change-password|admin|newsletter)\//,
  /^\/una-pagina-que-no-existe$/,
  /^\/service\/reformas\/una-reforma-que-no-existe$/,
  // A draft's preview link (decisions 250, 270): the sample token opens nothing, a 404.
  /\/vista-previa\//,
  // No published project has the sample slug on a fresh database: its page is a 404.
  /^\/obras\/reformas-integrales$/,
];

/** Every screen of the route tree, as a URL with sample parameters. */
function screens(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
    if (entry.children) return screens(entry.children, path);
    if (notScreens.has(path)) return [];
    if (path === "*") return ["/una-pagina-que-no-existe"];
    return [
      `/${path.replace(/:(\w+)/g, (_, name: string) => {
        const value = sampleParams[name];
        if (!value) throw new Error(`No sample value for :${name} in ${path}`);
        return value;
      })}`,
    ];
  });
}

// Service routes answer the Not Found page themselves for an unknown category or slug.
const urls = [...screens(routes), "/service/reformas/una-reforma-que-no-existe"];

test("every kind of screen is in the list", () => {
  expect(urls).toEqual(
    expect.arrayContaining(["/", "/login", "/admin/users/index", "/una-pagina-que-no-existe"]),
  );
});

for (const url of urls) {
  test(`${url} has a title, a description and comma-separated keywords`, async ({ request }) => {
    const html = await (await request.get(url, { maxRedirects: 0 })).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const meta = (name: string) =>
      head.match(new RegExp(`<meta name="${name}" content="([^"]*)"`))?.[1]?.trim() ?? "";

    expect(head.match(/<title>([^<]+) \| Obra Mediterránea<\/title>/)?.[1]).toBeTruthy();
    expect(meta("description").length, "description").toBeGreaterThan(50);
    const keywords = meta("keywords")
      .split(",")
      .map((word) => word.trim());
    expect(keywords.length, `keywords: ${meta("keywords")}`).toBeGreaterThan(2);
    expect(keywords.every((word) => word.length > 0)).toBe(true);

    const shouldHide = noindex.some((pattern) => pattern.test(url));
    expect(meta("robots"), "robots").toBe(shouldHide ? "noindex" : "");
  });
}
