// /sitemap.xml: every public page (content/sitemap.ts), with absolute URLs on the site's origin.
// A resource route, rendered on request and kept until a publish (decision 244); it lists every
// published project's page too (decision 249).
import { absoluteUrl } from "~/lib/site";
import { projectPath } from "../../content/projects";
import { siteContentContext } from "../../content/site-content";
import { publicPaths } from "../../content/sitemap";
import type { Route } from "./+types/sitemap[.]xml";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export async function loader({ context }: Route.LoaderArgs) {
  const { projects } = await context.get(siteContentContext).get("portfolio");
  const urls = [...publicPaths, ...projects.map((project) => projectPath(project.slug))]
    .map((path) => `  <url><loc>${escapeXml(absoluteUrl(path))}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}
