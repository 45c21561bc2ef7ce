import { data, isRouteErrorResponse, Link } from "react-router";
import { secondaryButton } from "~/components/buttons";
import { ImageGrid } from "~/components/image-grid";
import { imagePreloadMeta } from "~/components/image-preload";
import { NextStep } from "~/components/next-step";
import { NotFoundPage, notFoundMeta } from "~/components/not-found-page";
import { PageIntro } from "~/components/page-intro";
import { Picture } from "~/components/picture";
import { SectionHeading } from "~/components/section-heading";
import { ServicesGrid } from "~/components/service-card";
import { serviceCard } from "~/components/service-cards";
import { breadcrumbJsonLd, pageMeta } from "~/lib/seo";
import { categoryPath, servicePath } from "../../content/service-paths";
import { findCategory, findService, servicesOf } from "../../content/services";
import type { Route } from "./+types/service-detail";

const imageSizes = "(min-width: 1280px) 640px, (min-width: 1024px) 50vw, 100vw";

/**
 * /service/{category}/{slug}: a slug that is not in that category is the Not Found page (404).
 * The page's content travels as loader data, not as JavaScript (034).
 */
export function loader({ params }: Route.LoaderArgs) {
  const category = findCategory(params.category);
  const service = findService(params.category, params.slug);
  if (!category || !service) throw data(null, { status: 404 });
  return {
    category: { slug: category.slug, label: category.label },
    service,
    // Three neighbours keep the page short; the category page lists them all.
    siblings: servicesOf(category.slug)
      .filter((other) => other.slug !== service.slug)
      .slice(0, 3)
      .map((other) => serviceCard(other)),
    crumbs: [
      { name: "Inicio", path: "/" },
      { name: "Servicios", path: "/services" },
      { name: category.label, path: categoryPath(category.slug) },
      { name: service.label, path: servicePath(service) },
    ],
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return notFoundMeta();
  const { service, crumbs } = loaderData;
  return [
    ...pageMeta({ ...service.seo, path: servicePath(service), jsonLd: [breadcrumbJsonLd(crumbs)] }),
    imagePreloadMeta(service.image, imageSizes),
  ];
};

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { category, service, siblings, crumbs } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow={service.label}
        title={service.title}
        subtitle={service.subtitle}
        crumbs={crumbs}
      />
      <section aria-labelledby="que-incluye" className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <div className="grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
          <div className="overflow-hidden rounded-lg shadow-md ring-1 ring-sand-200 lg:order-2">
            <Picture
              id={service.image}
              sizes={imageSizes}
              priority
              className="h-auto w-full object-cover"
            />
          </div>
          <div>
            <h2 id="que-incluye" className="text-3xl font-semibold sm:text-4xl">
              Qué incluye y cuánto dura
            </h2>
            {service.descriptions.map((paragraph) => (
              <p key={paragraph} className="mt-5 text-lg leading-relaxed text-ink-soft">
                {paragraph}
              </p>
            ))}
          </div>
        </div>
      </section>
      <section aria-label="Galería" className="border-y border-sand-200 bg-sand-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
          <SectionHeading
            id="galeria"
            title="Galería"
            subtitle={`Algunos trabajos de ${service.label.toLowerCase()}.`}
          />
          <ImageGrid images={service.gallery} />
        </div>
      </section>
      {siblings.length > 0 && (
        <section
          aria-labelledby="otros-servicios"
          className="mx-auto max-w-7xl px-4 py-14 sm:py-20"
        >
          <SectionHeading
            id="otros-servicios"
            title={`Otros servicios de ${category.label.toLowerCase()}`}
          />
          <ServicesGrid cards={siblings} />
          <p className="mt-10">
            <Link to={categoryPath(category.slug)} className={secondaryButton}>
              Ver todos los servicios de {category.label.toLowerCase()}
            </Link>
          </p>
        </section>
      )}
      <NextStep title={`¿Hablamos de tu proyecto de ${service.label.toLowerCase()}?`} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
