/** Every public page, in the order a visitor meets them; pre-rendered and listed in sitemap.xml. */
export const publicPaths: string[] = ["/"];

export const prerenderPaths = publicPaths;
