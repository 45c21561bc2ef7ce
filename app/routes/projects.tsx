import { Link } from "react-router";
import { secondaryButton } from "~/components/buttons";
import { NextStep } from "~/components/next-step";
import { PageIntro } from "~/components/page-intro";
import { ProjectCard } from "~/components/project-card";
import { pageMeta, trail } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data.server";
import { projectsPage } from "../../content/pages";
import { projectsPath } from "../../content/projects";
import { siteContentContext } from "../../content/site-content";
import type { Route } from "./+types/projects";

const crumbs = trail({ name: "Obras", path: projectsPath });

/**
 * /obras: the published projects, filtered by service and city with a plain form (no script):
 * `?servicio=…&ciudad=…` is rendered on request, the page without a query is kept (decision 244).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { projects } = await context.get(siteContentContext).get("portfolio");
  const query = new URL(request.url).searchParams;
  const service = query.get("servicio") ?? "";
  const city = query.get("ciudad") ?? "";
  const services = [...new Map(projects.map((p) => [p.service, p.serviceTitle])).entries()];
  const cities = [...new Set(projects.map((p) => p.city))].sort((a, b) => a.localeCompare(b, "es"));
  return {
    projects: projects.filter(
      (p) => (!service || p.service === service) && (!city || p.city === city),
    ),
    total: projects.length,
    services,
    cities,
    chosen: { service, city },
    jsonLd: [breadcrumbJsonLd(crumbs)],
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(
    {
      ...projectsPage.seo,
      path: projectsPath,
      jsonLd: loaderData?.jsonLd,
    },
    matches,
  );

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { projects, total, services, cities, chosen } = loaderData;
  const filtered = Boolean(chosen.service || chosen.city);
  return (
    <>
      <PageIntro
        eyebrow="Obras"
        title={projectsPage.title}
        subtitle={projectsPage.subtitle}
        crumbs={crumbs}
      />
      <section aria-labelledby="lista-de-obras" className="mx-auto max-w-7xl px-4 py-10">
        <h2 id="lista-de-obras" className="sr-only">
          Lista de obras
        </h2>
        {total > 0 ? (
          <form method="get" className="flex flex-wrap items-end gap-4">
            <label className="text-ink">
              Servicio
              <select
                name="servicio"
                defaultValue={chosen.service}
                className="mt-1 block rounded-md border border-sand-300 px-3 py-2"
              >
                <option value="">Todos</option>
                {services.map(([value, title]) => (
                  <option key={value} value={value}>
                    {title}
                  </option>
                ))}
              </select>
            </label>
            <label className="text-ink">
              Ciudad
              <select
                name="ciudad"
                defaultValue={chosen.city}
                className="mt-1 block rounded-md border border-sand-300 px-3 py-2"
              >
                <option value="">Todas</option>
                {cities.map((city) => (
                  <option key={city} value={city}>
                    {city}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className={secondaryButton}>
              Filtrar
            </button>
            {filtered ? (
              <Link to={projectsPath} className="text-ink underline">
                Ver todas
              </Link>
            ) : null}
          </form>
        ) : null}
        {projects.length > 0 ? (
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {projects.map((project, index) => (
              // The first cover is on a phone's first screen, under the filters (issue 35).
              <ProjectCard key={project.slug} project={project} priority={index === 0} />
            ))}
          </ul>
        ) : (
          <p className="mt-8 text-ink-soft">
            {filtered
              ? "Ninguna obra publicada coincide con ese servicio y esa ciudad."
              : "Pronto publicaremos aquí nuestras obras terminadas."}
          </p>
        )}
      </section>
      <NextStep />
    </>
  );
}
