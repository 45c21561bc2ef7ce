import {
  type GalleryItem,
  GalleryScroller,
  scrollerImageSizes,
} from "~/components/gallery-scroller";
import { imagePreloadMeta } from "~/components/image-preload";
import { NextStep } from "~/components/next-step";
import { PageIntro } from "~/components/page-intro";
import { pageMeta, trail } from "~/lib/seo";
import { useShuffled } from "~/lib/shuffle";
import { breadcrumbJsonLd } from "~/lib/structured-data.server";
import { photosOfFinishedWork } from "../../content/images";
import { galleryPage } from "../../content/pages";
import { servicePath } from "../../content/service-paths";
import { services } from "../../content/services";
import type { Route } from "./+types/gallery";

const crumbs = trail({ name: "Galería", path: "/gallery" });

/**
 * Every service image, interleaved (each service's first image, then each second one...) so the
 * pre-rendered order is already a mix; the visitor's browser then shuffles all but the first,
 * which stays in place because it is the preloaded, eagerly loaded image above the fold. The
 * list and the page's texts travel as loader data, not as JavaScript (034).
 */
export function loader() {
  const longestGallery = Math.max(...services.map((service) => service.gallery.length));
  const items: GalleryItem[] = Array.from({ length: longestGallery }, (_, position) =>
    services.flatMap((service) => {
      const image = service.gallery[position];
      return image ? [{ image, caption: service.label, href: servicePath(service) }] : [];
    }),
  ).flat();
  return {
    page: galleryPage,
    jsonLd: [breadcrumbJsonLd(crumbs)],
    first: items[0] as GalleryItem,
    others: items.slice(1),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        ...pageMeta({ ...loaderData.page.seo, path: "/gallery", jsonLd: loaderData.jsonLd }),
        imagePreloadMeta(loaderData.first.image, scrollerImageSizes),
      ]
    : [];

/** The scroller's name for screen readers: illustrations are not the company's jobs (issue 12). */
const galleryLabel = photosOfFinishedWork ? "Imágenes de nuestras obras" : "Imágenes de la galería";

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { page, first, others } = loaderData;
  const mixed = [first, ...useShuffled(others)];
  return (
    <>
      <PageIntro eyebrow="Galería" title={page.title} subtitle={page.subtitle} crumbs={crumbs} />
      <section aria-label="Galería de imágenes" className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <GalleryScroller items={mixed} label={galleryLabel} priorityFirst />
        <p className="mt-4 text-sm text-ink-soft">
          {others.length + 1} imágenes. Pulsa el nombre de un servicio para ver qué incluye.
        </p>
      </section>
      <NextStep title="¿Te imaginas tu casa así?" showGallery={false} />
    </>
  );
}
