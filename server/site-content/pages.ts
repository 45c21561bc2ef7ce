import { publicPaths } from "../../content/sitemap.ts";

/** The public pages of content/sitemap.ts, and the sitemap that lists them. */
const fixedPages = new Set([...publicPaths, "/sitemap.xml"]);

/**
 * Pages whose paths come from published content (a project's `/obras/<slug>`): a section adds
 * its pattern here. A path that matches but renders no page (an unknown slug) is not kept.
 */
export const contentPagePatterns: RegExp[] = [
  // A published project's page (decision 249); never a preview (decision 250).
  /^\/obras\/(?!vista-previa$)[a-z0-9]+(?:-[a-z0-9]+)*$/,
];

/** Whether `path` (no trailing slash) is a public page rendered from content and kept. */
export function isSitePage(path: string): boolean {
  return fixedPages.has(path) || contentPagePatterns.some((pattern) => pattern.test(path));
}
