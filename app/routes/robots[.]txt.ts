// /robots.txt: crawlers may read every public page; account, admin and API paths are private
// and say nothing useful to a search engine. Pre-rendered to a static file at build time.
import { absoluteUrl } from "~/lib/site";

const privatePaths = [
  "/api/",
  "/admin/",
  "/dashboard",
  "/profile",
  "/settings",
  "/login",
  "/register",
  "/forgot-password",
  "/verify-email/",
  "/change-password/",
];

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    ...privatePaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
