/** Every public page, in the order a visitor meets them; pre-rendered and listed in sitemap.xml. */
import { cookies } from "./legal/cookies";
import { privacy } from "./legal/privacy";
import { terms } from "./legal/terms";
import { categories, categoryPath, servicePath, services } from "./services";

export const publicPaths: string[] = [
  "/",
  "/team",
  "/contact",
  "/gallery",
  "/services",
  ...categories.map((category) => categoryPath(category.slug)),
  ...services.map(servicePath),
  terms.path,
  privacy.path,
  cookies.path,
];

export const prerenderPaths = publicPaths;
