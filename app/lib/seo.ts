import type { MetaDescriptor } from "react-router";
import { company, moreThanYears, yearsOfExperience } from "../../content/company";
import { absoluteUrl, siteName } from "./site";

/** Used when a route gives no description of its own; `years` as content/company.ts counts them. */
export function defaultDescription(years: number): string {
  const claim = moreThanYears(years);
  return `Reformas integrales, construcción e interiorismo en Madrid, Barcelona, Valencia y Alicante. ${
    claim ? `${claim} de experiencia y presupuesto` : "Presupuesto"
  } sin compromiso.`;
}

/** Used when a route gives no keywords of its own. */
export const defaultKeywords = [
  "reformas",
  "reformas integrales",
  "construcción",
  "interiorismo",
  "reformas Madrid",
  "reformas Barcelona",
  "reformas Valencia",
  "reformas Alicante",
  "presupuesto reforma",
];

/** Shared preview image for social networks (1200 x 630, public/og-image.jpg). */
export const defaultImage = "/og-image.jpg";

export interface PageSeo {
  title: string;
  description?: string;
  keywords?: string | string[];
  /** The page's own path, e.g. "/service/reformas"; becomes the canonical URL. */
  path: string;
  /** Preview image path or URL; defaults to the shared one. */
  image?: string;
  /** Extra structured data, one JSON-LD object per entry. */
  jsonLd?: object[];
}

/** What a route's `meta` is handed: the matched routes, the root's loader data among them. */
export type PageMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** What the head of a page says of the company: its trade name and its years of work. */
interface HeadCompany {
  name: string;
  years: number;
}

/**
 * The company as staff published it in «Empresa» (the root loader's, decision 245), or the
 * first install's while the root has none (its loader failed).
 */
function companyIn(matches: PageMatches): HeadCompany {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { company?: { name?: string; yearsOfExperience?: number } }
    | undefined;
  return {
    name: root?.company?.name || siteName,
    years: root?.company?.yearsOfExperience ?? yearsOfExperience(company.foundedYear),
  };
}

/** SPEC §1: the page's title followed by the company's name. */
export function documentTitle(title: string, companyName = siteName): string {
  return `${title} | ${companyName}`;
}

/**
 * What every page's head says (SPEC §1): title, description and keywords, defaults when missing.
 * Pages' texts name the company by the first install's trade name; the head says the one staff
 * published.
 */
function headTexts(page: Omit<PageSeo, "path">, publisher: HeadCompany) {
  const named = (text: string) => text.replaceAll(siteName, publisher.name);
  const title = documentTitle(page.title, publisher.name);
  const description = named(page.description ?? defaultDescription(publisher.years));
  const keywords = named(
    Array.isArray(page.keywords)
      ? page.keywords.join(", ")
      : (page.keywords ?? defaultKeywords.join(", ")),
  );
  const head: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: keywords },
  ];
  return { title, description, head };
}

/**
 * Head of a screen kept out of search results (account and admin screens, the Not Found page):
 * title, description and keywords like every page, and noindex. No canonical URL or preview
 * cards: nothing here should be indexed or shared.
 */
export function noindexMeta(page: Omit<PageSeo, "path">, matches: PageMatches): MetaDescriptor[] {
  return [...headTexts(page, companyIn(matches)).head, { name: "robots", content: "noindex" }];
}

/**
 * Everything a route's `meta` returns: title "<title> | <trade name>", description and
 * keywords (site defaults when missing), canonical URL, Open Graph, Twitter card and JSON-LD
 * (built by the route's loader: app/lib/structured-data.server.ts).
 */
export function pageMeta(page: PageSeo, matches: PageMatches): MetaDescriptor[] {
  const publisher = companyIn(matches);
  const { title, description, head } = headTexts(page, publisher);
  const url = absoluteUrl(page.path);
  const image = absoluteUrl(page.image ?? defaultImage);

  return [
    ...head,
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.path === "/" ? "website" : "article" },
    { property: "og:site_name", content: publisher.name },
    { property: "og:locale", content: "es_ES" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    ...(page.jsonLd ?? []).map((data) => ({ "script:ld+json": data })),
  ];
}

export interface Crumb {
  name: string;
  path: string;
}

/** A page's breadcrumbs: Inicio, then the given ones down to the page itself. */
export const trail = (...crumbs: Crumb[]): Crumb[] => [{ name: "Inicio", path: "/" }, ...crumbs];
