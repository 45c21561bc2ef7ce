import {
  type GalleryItem,
  GalleryScroller,
  scrollerImageSizes,
} from "~/components/gallery-scroller";
import { NextStep } from "~/components/next-step";
import { PageIntro } from "~/components/page-intro";
import { imagePreloadLink } from "~/components/picture";
import { pageMeta } from "~/lib/seo";
import { useShuffled } from "~/lib/shuffle";
import { galleryPage } from "../../content/pages";
import { servicePath, services } from "../../content/services";
import type { Route } from "./+types/gallery";

/**
 * Every service image, interleaved (each service's first image, then each second one...) so the
 * pre-rendered order is already a mix; the visitor's browser then shuffles all but the first,
 * which stays in place because it is the preloaded, eagerly loaded image above the fold.
 */
const longestGallery = Math.max(...services.map((service) => service.gallery.length));
const items: GalleryItem[] = Array.from({ length: longestGallery }, (_, position) =>
  services.flatMap((service) => {
    const image = service.gallery[position];
    return image ? [{ image, caption: service.label, href: servicePath(service) }] : [];
  }),
).flat();
const firstItem = items[0] as GalleryItem;
const otherItems = items.slice(1);

export const links: Route.LinksFunction = () => [
  imagePreloadLink(firstItem.image, scrollerImageSizes),
];

export const meta: Route.MetaFunction = () => pageMeta({ ...galleryPage.seo, path: "/gallery" });

export default function Gallery() {
  const mixed = [firstItem, ...useShuffled(otherItems)];
  return (
    <>
      <PageIntro
        eyebrow="Galería"
        title={galleryPage.title}
        subtitle={galleryPage.subtitle}
        crumbs={[
          { name: "Inicio", path: "/" },
          { name: "Galería", path: "/gallery" },
        ]}
      />
      <section aria-label="Galería de imágenes" className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <GalleryScroller items={mixed} label="Imágenes de nuestras obras" priorityFirst />
        <p className="mt-4 text-sm text-ink-soft">
          {items.length} imágenes. Pulsa el nombre de un servicio para ver qué incluye.
        </p>
      </section>
      <NextStep title="¿Te imaginas tu casa así?" showGallery={false} />
    </>
  );
}
