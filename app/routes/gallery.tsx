import { Link } from "react-router";
import { secondaryButton } from "~/components/buttons";
import {
  type GalleryItem,
  GalleryScroller,
  scrollerImageSizes,
} from "~/components/gallery-scroller";
import { imagePreloadMeta } from "~/components/image-preload";
import { useLightbox } from "~/components/lightbox/photo-lightbox";
import { NextStep } from "~/components/next-step";
import { PageIntro } from "~/components/page-intro";
import { SitePicture } from "~/components/site-picture";
import { pageMeta, trail } from "~/lib/seo";
import { useShuffled } from "~/lib/shuffle";
import { breadcrumbJsonLd } from "~/lib/structured-data.server";
import { photosOfFinishedWork } from "../../content/images";
import { galleryPage, projectGalleryPage } from "../../content/pages";
import { photoStageLabel, projectPath } from "../../content/projects";
import { servicePath } from "../../content/service-paths";
import { services } from "../../content/services";
import { siteContentContext } from "../../content/site-content";
import type { Route } from "./+types/gallery";

const crumbs = trail({ name: "Galería", path: "/gallery" });

/**
 * Every service image, interleaved (each service's first image, then each second one...) so the
 * server's order is already a mix; the visitor's browser then shuffles all but the first,
 * which stays in place because it is the preloaded, eagerly loaded image above the fold (034).
 */
function illustrations(): GalleryItem[] {
  const longestGallery = Math.max(...services.map((service) => service.gallery.length));
  return Array.from({ length: longestGallery }, (_, position) =>
    services.flatMap((service) => {
      const image = service.gallery[position];
      return image ? [{ image, caption: service.label, href: servicePath(service) }] : [];
    }),
  ).flat();
}

/**
 * /gallery: the published projects' photos first, in a grid with a lightbox, filtered by
 * service with a plain form (`?servicio=…`, rendered on request); then SPEC's scroller of every
 * service image. With no published photo yet, the scroller alone, as before (decision 269).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { projects } = await context.get(siteContentContext).get("portfolio");
  const photographed = projects.filter((project) => project.photos.length > 0);
  const chosen = new URL(request.url).searchParams.get("servicio") ?? "";
  const items = illustrations();
  return {
    jsonLd: [breadcrumbJsonLd(crumbs)],
    first: items[0] as GalleryItem,
    others: items.slice(1),
    services: [...new Map(photographed.map((p) => [p.service, p.serviceTitle])).entries()],
    chosen,
    projectCount: photographed.length,
    photos: photographed
      .filter((project) => !chosen || project.service === chosen)
      .flatMap((project) =>
        project.photos.map((photo) => ({
          photo,
          alt: photo.alt,
          caption: `${photoStageLabel(photo.stage)} · ${project.title}`,
          stage: photoStageLabel(photo.stage),
          project: { slug: project.slug, title: project.title },
        })),
      ),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [];
  const real = loaderData.projectCount > 0;
  return [
    ...pageMeta(
      {
        ...(real ? projectGalleryPage : galleryPage).seo,
        path: "/gallery",
        jsonLd: loaderData.jsonLd,
      },
      matches,
    ),
    // The scroller's first image is above the fold only while it leads the page.
    ...(real ? [] : [imagePreloadMeta(loaderData.first.image, scrollerImageSizes)]),
  ];
};

/** The scroller's name for screen readers: illustrations are not the company's jobs (issue 12). */
const galleryLabel = photosOfFinishedWork ? "Imágenes de nuestras obras" : "Imágenes de la galería";

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { first, others, photos, services: photoServices, chosen, projectCount } = loaderData;
  const mixed = [first, ...useShuffled(others)];
  const real = projectCount > 0;
  const lightbox = useLightbox(photos, "Fotos de nuestras obras");
  const page = real ? projectGalleryPage : galleryPage;
  return (
    <>
      <PageIntro eyebrow="Galería" title={page.title} subtitle={page.subtitle} crumbs={crumbs} />
      {real ? (
        <section aria-labelledby="fotos-de-obras" className="mx-auto max-w-7xl px-4 pt-12">
          <h2 id="fotos-de-obras" className="text-3xl font-semibold">
            Fotos de nuestras obras
          </h2>
          {photoServices.length > 1 ? (
            <form method="get" className="mt-6 flex flex-wrap items-end gap-4">
              <label className="text-ink">
                Servicio
                <select
                  name="servicio"
                  defaultValue={chosen}
                  className="mt-1 block rounded-md border border-sand-300 px-3 py-2"
                >
                  <option value="">Todos</option>
                  {photoServices.map(([value, title]) => (
                    <option key={value} value={value}>
                      {title}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={secondaryButton}>
                Filtrar
              </button>
              {chosen ? (
                <Link to="/gallery" className="text-ink underline">
                  Ver todas
                </Link>
              ) : null}
            </form>
          ) : null}
          {photos.length > 0 ? (
            <ul
              aria-label="Fotos de obras terminadas"
              className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
            >
              {photos.map((item, index) => (
                <li key={`${item.project.slug}-${item.photo.id}`}>
                  <figure>
                    <a {...lightbox.link(index)} className="block">
                      <SitePicture
                        photo={item.photo}
                        alt={item.alt}
                        sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                        priority={index === 0}
                        className="aspect-4/3 w-full rounded-lg object-cover"
                      />
                    </a>
                    <figcaption className="mt-2 text-ink-soft">
                      <strong className="text-ink">{item.stage}</strong> ·{" "}
                      <Link to={projectPath(item.project.slug)} className="underline">
                        {item.project.title}
                      </Link>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-8 text-ink-soft">
              Ninguna obra publicada de ese servicio tiene fotos.
            </p>
          )}
          {lightbox.dialog}
        </section>
      ) : null}
      <section
        {...(real ? { "aria-labelledby": "ideas" } : { "aria-label": "Galería de imágenes" })}
        className="mx-auto max-w-7xl px-4 py-12 sm:py-16"
      >
        <GalleryScroller
          items={mixed}
          label={galleryLabel}
          priorityFirst={!real}
          heading={
            real ? (
              <>
                <h2 id="ideas" className="text-3xl font-semibold">
                  {projectGalleryPage.ideasTitle}
                </h2>
                <p className="mt-2 text-ink-soft">{projectGalleryPage.ideasSubtitle}</p>
              </>
            ) : undefined
          }
        />
        <p className="mt-4 text-sm text-ink-soft">
          {others.length + 1} imágenes. Pulsa el nombre de un servicio para ver qué incluye.
        </p>
      </section>
      <NextStep title="¿Te imaginas tu casa así?" showGallery={false} />
    </>
  );
}
