// /sitemap.xml: every public page (content/sitemap.ts), with absolute URLs on the site's origin.
// A resource route, pre-rendered to a static file at build time.
import { absoluteUrl } from "~/lib/site";
import { publicPaths } from "../../content/sitemap";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function loader() {
  const urls = publicPaths
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
