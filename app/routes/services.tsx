import { Link } from "react-router";
import { NextStep } from "~/components/next-step";
import { PageIntro } from "~/components/page-intro";
import { ServicesGrid } from "~/components/service-card";
import { breadcrumbJsonLd, pageMeta } from "~/lib/seo";
import { servicesPage } from "../../content/pages";
import { categories, categoryPath, servicePath, servicesOf } from "../../content/services";
import type { Route } from "./+types/services";

const crumbs = [
  { name: "Inicio", path: "/" },
  { name: "Servicios", path: "/services" },
];

export const meta: Route.MetaFunction = () =>
  pageMeta({ ...servicesPage.seo, path: "/services", jsonLd: [breadcrumbJsonLd(crumbs)] });

export default function Services() {
  return (
    <>
      <PageIntro
        eyebrow="Servicios"
        title={servicesPage.title}
        subtitle={servicesPage.subtitle}
        crumbs={crumbs}
      />
      {categories.map((category, index) => (
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
                to={categoryPath(category.slug)}
                className="inline-flex min-h-11 shrink-0 items-center gap-1 font-semibold text-terracotta underline-offset-4 hover:text-terracotta-dark hover:underline"
              >
                Todo sobre {category.label.toLowerCase()} <span aria-hidden="true">→</span>
              </Link>
            </div>
            <ServicesGrid
              cards={servicesOf(category.slug).map((service) => ({
                title: service.title,
                summary: service.summary,
                image: service.image,
                href: servicePath(service),
              }))}
            />
          </div>
        </section>
      ))}
      <NextStep />
    </>
  );
}
