/**
 * Every public page of fixed address, in the order a visitor meets them; listed in sitemap.xml,
 * rendered on request and kept until the content changes (server/site-content/pages.ts).
 */
import { cookies } from "./legal/cookies";
import { privacy } from "./legal/privacy";
import { terms } from "./legal/terms";
import { categories, categoryPath, servicePath, services } from "./services";

export const publicPaths: string[] = [
  "/",
  "/team",
  "/obras",
  "/contact",
  "/gallery",
  "/services",
  ...categories.map((category) => categoryPath(category.slug)),
  ...services.map(servicePath),
  terms.path,
  privacy.path,
  cookies.path,
];
