import { Link } from "react-router";
import { NextStep } from "~/components/next-step";
import { PageIntro } from "~/components/page-intro";
import { ServicesGrid } from "~/components/service-card";
import { serviceCard } from "~/components/service-cards";
import { pageMeta, trail } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data.server";
import { servicesPage } from "../../content/pages";
import { categoryPath } from "../../content/service-paths";
import { categories, servicesOf } from "../../content/services";
import type { Route } from "./+types/services";

const crumbs = trail({ name: "Servicios", path: "/services" });

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ ...loaderData.page.seo, path: "/services", jsonLd: loaderData.jsonLd }, matches)
    : [];

/** The catalogue and the page's texts travel as loader data, not as JavaScript (034). */
export function loader() {
  return {
    page: servicesPage,
    jsonLd: [breadcrumbJsonLd(crumbs)],
    areas: categories.map(({ slug, label, title, subtitle }) => ({
      slug,
      label,
      title,
      subtitle,
      path: categoryPath(slug),
      cards: servicesOf(slug).map((service) => serviceCard(service)),
    })),
  };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Servicios"
        title={loaderData.page.title}
        subtitle={loaderData.page.subtitle}
        crumbs={crumbs}
      />
      {loaderData.areas.map((category, index) => (
        <section
          key={category.slug}
          aria-labelledby={`area-${category.slug}`}
          className={index % 2 === 1 ? "border-y border-sand-200 bg-sand-50" : undefined}
        >
          <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
            <div className="mb-8 flex flex-col gap-4 sm:mb-10 lg:flex-row lg:items-end lg:justify-between">
              <div className="max-w-3xl">
                <p className="mb-2 text-sm font-semibold tracking-wide text-terracotta uppercase">
                  {category.label}
                </p>
                <h2 id={`area-${category.slug}`} className="text-3xl font-semibold sm:text-4xl">
                  {category.title}
                </h2>
                <p className="mt-3 text-lg leading-relaxed text-ink-soft">{category.subtitle}</p>
              </div>
              <Link
                to={category.path}
                className="inline-flex min-h-11 shrink-0 items-center gap-1 font-semibold text-terracotta underline-offset-4 hover:text-terracotta-dark hover:underline"
              >
                Todo sobre {category.label.toLowerCase()} <span aria-hidden="true">→</span>
              </Link>
            </div>
            <ServicesGrid cards={category.cards} />
          </div>
        </section>
      ))}
      <NextStep />
    </>
  );
}
