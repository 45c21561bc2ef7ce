import { data, isRouteErrorResponse, Link } from "react-router";
import { primaryButton, secondaryButton } from "~/components/buttons";
import { ImageBesideText, imageBesideTextSizes } from "~/components/image-beside-text";
import { ImageGrid } from "~/components/image-grid";
import { imagePreloadMeta } from "~/components/image-preload";
import { NextStep } from "~/components/next-step";
import { NotFoundPage, notFoundMeta } from "~/components/not-found-page";
import { PageIntro } from "~/components/page-intro";
import { ProjectCard, ReviewList } from "~/components/project-card";
import { SandBand } from "~/components/sand-band";
import { SectionHeading } from "~/components/section-heading";
import { ServicesGrid } from "~/components/service-card";
import { serviceCard } from "~/components/service-cards";
import { pageMeta, trail } from "~/lib/seo";
import { breadcrumbJsonLd, serviceJsonLd } from "~/lib/structured-data.server";
import { photosOfFinishedWork } from "../../content/images";
import { categoryPath, servicePath } from "../../content/service-paths";
import { categories, findCategory, findService, relatedServices } from "../../content/services";
import { siteContentContext } from "../../content/site-content";
import type { Route } from "./+types/service-detail";

/**
 * /service/{category}/{slug}: a slug that is not in that category is the Not Found page (404).
 * The page's content travels as loader data, not as JavaScript (034).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const category = findCategory(params.category);
  const service = findService(params.category, params.slug);
  if (!category || !service) throw data(null, { status: 404 });
  const portfolio = await context.get(siteContentContext).get("portfolio");
  const crumbs = trail(
    { name: "Servicios", path: "/services" },
    { name: category.label, path: categoryPath(category.slug) },
    { name: service.label, path: servicePath(service) },
  );
  return {
    category: { slug: category.slug, label: category.label },
    service,
    // Three related services keep the page short, each with its area's name; the category
    // page lists all of the area's.
    related: relatedServices(service).map((other) =>
      serviceCard(other, categories.find(({ slug }) => slug === other.category)?.label),
    ),
    // Issue 35: this service's published projects and opinions (none: no section, decision 251).
    projects: portfolio.projects.filter((project) => project.service === service.slug),
    reviews: portfolio.reviews.filter((review) => review.service === service.slug),
    crumbs,
    jsonLd: [
      breadcrumbJsonLd(crumbs),
      serviceJsonLd(service, category.label, await context.get(siteContentContext).get("company")),
    ],
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { service, jsonLd } = loaderData;
  return [
    ...pageMeta({ ...service.seo, path: servicePath(service), jsonLd }, matches),
    imagePreloadMeta(service.image, imageBesideTextSizes),
  ];
};

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { category, service, related, crumbs } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow={service.label}
        title={service.title}
        subtitle={service.subtitle}
        crumbs={crumbs}
      >
        {/* The request starts with this service chosen (the form reads `servicio`). */}
        <p className="mt-6">
          <Link to={`/contact?servicio=${service.slug}`} className={primaryButton}>
            Pide presupuesto de {service.label.toLowerCase()}
          </Link>
        </p>
      </PageIntro>
      <ImageBesideText
        id="que-incluye"
        image={service.image}
        heading="Qué incluye y cuánto dura"
        paragraphs={service.descriptions}
      />
      <SandBand
        id="galeria"
        title="Galería"
        subtitle={
          photosOfFinishedWork
            ? `Algunos trabajos de ${service.label.toLowerCase()}.`
            : loaderData.projects.length > 0
              ? // Its real photos are in the projects below: no "while we prepare them" (issue 35).
                `Ilustraciones de ${service.label.toLowerCase()}. Las fotos de nuestras obras, más abajo.`
              : `Ilustraciones de ${service.label.toLowerCase()}, mientras preparamos las fotos de nuestras obras.`
        }
      >
        <ImageGrid images={service.gallery} />
      </SandBand>
      {related.length > 0 && (
        <section
          aria-labelledby="servicios-relacionados"
          className="mx-auto max-w-7xl px-4 py-14 sm:py-20"
        >
          <SectionHeading id="servicios-relacionados" title="Servicios relacionados" />
          <ServicesGrid cards={related} />
          <p className="mt-10">
            <Link to={categoryPath(category.slug)} className={secondaryButton}>
              Ver todos los servicios de {category.label.toLowerCase()}
            </Link>
          </p>
        </section>
      )}
      {loaderData.projects.length > 0 ? (
        <section aria-labelledby="obras-del-servicio" className="mx-auto max-w-7xl px-4 py-14">
          <h2 id="obras-del-servicio" className="text-3xl font-semibold">
            Obras de {service.label.toLowerCase()}
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.projects.map((project) => (
              <ProjectCard key={project.slug} project={project} />
            ))}
          </ul>
        </section>
      ) : null}
      <ReviewList reviews={loaderData.reviews} headingId="opiniones-del-servicio" />
      <NextStep title={`¿Hablamos de tu proyecto de ${service.label.toLowerCase()}?`} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
