/**
 * URLs of the service pages. Kept apart from the catalogue in services.ts so that route code
 * can build links without shipping the whole catalogue to the browser.
 */
export const categoryPath = (slug: string) => `/service/${slug}`;
export const servicePath = (service: { category: string; slug: string }) =>
  `/service/${service.category}/${service.slug}`;
