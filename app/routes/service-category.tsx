import { data, isRouteErrorResponse, Link } from "react-router";
import { primaryButton } from "~/components/buttons";
import { ImageBesideText, imageBesideTextSizes } from "~/components/image-beside-text";
import { imagePreloadMeta } from "~/components/image-preload";
import { NextStep } from "~/components/next-step";
import { NotFoundPage, notFoundMeta } from "~/components/not-found-page";
import { PageIntro } from "~/components/page-intro";
import { SandBand } from "~/components/sand-band";
import { ServicesGrid } from "~/components/service-card";
import { serviceCard } from "~/components/service-cards";
import { pageMeta, trail } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data.server";
import { categoryPath } from "../../content/service-paths";
import { categories, findCategory, servicesOf } from "../../content/services";
import type { Route } from "./+types/service-category";

/**
 * /service/{category}: an unknown category is the Not Found page with status 404. The page's
 * content travels as loader data, so the services catalogue is not shipped as JavaScript (034).
 */
export function loader({ params }: Route.LoaderArgs) {
  const category = findCategory(params.category);
  if (!category) throw data(null, { status: 404 });
  const crumbs = trail(
    { name: "Servicios", path: "/services" },
    { name: category.label, path: categoryPath(category.slug) },
  );
  return {
    category,
    cards: servicesOf(category.slug).map((service) => serviceCard(service)),
    others: categories
      .filter((other) => other.slug !== category.slug)
      .map(({ slug, title, summary }) => ({ path: categoryPath(slug), title, summary })),
    crumbs,
    jsonLd: [breadcrumbJsonLd(crumbs)],
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { category, jsonLd } = loaderData;
  return [
    ...pageMeta({ ...category.seo, path: categoryPath(category.slug), jsonLd }, matches),
    imagePreloadMeta(category.image, imageBesideTextSizes),
  ];
};

export default function ServiceCategory({ loaderData }: Route.ComponentProps) {
  const { category, cards, others, crumbs } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow={category.label}
        title={category.title}
        subtitle={category.subtitle}
        crumbs={crumbs}
      >
        <p className="mt-6">
          <Link to="/contact" className={primaryButton}>
            Pide presupuesto sin compromiso
          </Link>
        </p>
      </PageIntro>
      <ImageBesideText
        id="sobre-el-area"
        image={category.image}
        heading={`Cómo trabajamos en ${category.label.toLowerCase()}`}
        paragraphs={category.descriptions}
      />
      <SandBand
        id="servicios-del-area"
        title={`Servicios de ${category.label.toLowerCase()}`}
        subtitle={category.summary}
      >
        <ServicesGrid cards={cards} />
      </SandBand>
      <nav aria-labelledby="otras-areas" className="mx-auto max-w-7xl px-4 pt-14 sm:pt-16">
        <h2 id="otras-areas" className="text-2xl font-semibold">
          Otras áreas
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {others.map((other) => (
            <li key={other.path}>
              <Link
                to={other.path}
                className="flex h-full flex-col gap-1 rounded-lg bg-white p-6 shadow-sm ring-1 ring-sand-200 transition-shadow hover:shadow-md"
              >
                <span className="font-display text-xl font-semibold text-ink">{other.title}</span>
                <span className="text-ink-soft">{other.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <NextStep />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
