import { data, isRouteErrorResponse } from "react-router";
import { ImageBesideText, imageBesideTextSizes } from "~/components/image-beside-text";
import { imagePreloadMeta } from "~/components/image-preload";
import { MapEmbed } from "~/components/map-embed";
import { NextStep } from "~/components/next-step";
import { NotFoundPage, notFoundMeta } from "~/components/not-found-page";
import { PageIntro } from "~/components/page-intro";
import { SandBand } from "~/components/sand-band";
import { SitePicture } from "~/components/site-picture";
import { useCompany } from "~/lib/company";
import { previewHashOf } from "~/lib/preview-hash";
import { noindexMeta, pageMeta, trail } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data.server";
import { inWords } from "../../content/company";
import { siteContentContext } from "../../content/site-content";
import { foundingParagraph, team, teamSeo } from "../../content/team";
import type { Route } from "./+types/team";

const crumbs = trail({ name: "Equipo", path: "/team" });

/**
 * The page's texts travel as loader data, not as JavaScript (034). /team/vista-previa/{token}:
 * the page with a draft member first, behind its preview link, kept out of search engines and
 * never kept (decision 270); no open link behind the token is the Not Found page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const company = await context.get(siteContentContext).get("company");
  const portfolio = await context.get(siteContentContext).get("portfolio");
  const token = (params as { token?: string }).token;
  const draft =
    token === undefined ? undefined : portfolio.memberPreviews[await previewHashOf(token)];
  if (token !== undefined && !draft) throw data(null, { status: 404 });
  return {
    // The first paragraph names the published company and its years.
    team: {
      ...team,
      paragraphs: [
        foundingParagraph(company.name, company.yearsOfExperience),
        ...team.paragraphs.slice(1),
      ],
    },
    people: draft ? [draft, ...portfolio.team] : portfolio.team,
    preview: draft?.name,
    seo: teamSeo,
    jsonLd: [breadcrumbJsonLd(crumbs)],
    areas: inWords(company.areasServed),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  !loaderData
    ? notFoundMeta(matches)
    : loaderData.preview
      ? noindexMeta(loaderData.seo, matches)
      : [
          ...pageMeta({ ...loaderData.seo, path: "/team", jsonLd: loaderData.jsonLd }, matches),
          imagePreloadMeta(loaderData.team.image, imageBesideTextSizes),
        ];

export default function Team({
  loaderData: { team, people, areas, preview },
}: Route.ComponentProps) {
  const company = useCompany();
  return (
    <>
      {preview ? (
        <p role="status" className="bg-ochre-100 px-4 py-2 text-center font-semibold text-ink">
          Vista previa de un borrador: los visitantes aún no ven a {preview} en el equipo.
        </p>
      ) : null}
      <PageIntro eyebrow="Equipo" title={team.title} subtitle={team.subtitle} crumbs={crumbs} />
      <ImageBesideText
        id="quienes-somos"
        image={team.image}
        heading="Quiénes somos"
        paragraphs={team.paragraphs}
      />
      {people.length > 0 ? (
        <section aria-labelledby="las-personas" className="mx-auto max-w-7xl px-4 py-14">
          <h2 id="las-personas" className="text-3xl font-semibold sm:text-4xl">
            Las personas
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {people.map((person) => (
              <li
                key={person.name}
                className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-sand-200"
              >
                {person.photo ? (
                  <SitePicture
                    photo={person.photo}
                    alt={`${person.name}, ${person.role}`}
                    sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                    className="aspect-4/3 w-full rounded-md object-cover"
                  />
                ) : null}
                <h3 className="mt-4 text-xl font-semibold">{person.name}</h3>
                <p className="text-terracotta-dark">{person.role}</p>
                <p className="mt-3 leading-relaxed text-ink-soft">{person.bio}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <SandBand id="como-nos-organizamos" title="Cómo nos organizamos">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {team.groups.map((group) => (
            <li
              key={group.title}
              className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-sand-200"
            >
              <h3 className="text-xl font-semibold">{group.title}</h3>
              <p className="mt-3 leading-relaxed text-ink-soft">{group.description}</p>
            </li>
          ))}
        </ul>
      </SandBand>
      <section aria-labelledby="donde-estamos" className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <div className="grid gap-10 lg:grid-cols-[1fr_2fr] lg:gap-16">
          <div>
            <h2 id="donde-estamos" className="text-3xl font-semibold sm:text-4xl">
              {team.mapTitle}
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-ink-soft">{team.mapIntro}</p>
            <address className="mt-6 space-y-1 not-italic text-ink">
              <span className="block font-semibold">{company.legalName}</span>
              <span className="block">{company.address.street}</span>
              <span className="block">
                {company.address.postalCode} {company.address.city} ({company.address.region})
              </span>
              <a
                href={`mailto:${company.email}`}
                className="block pt-2 text-terracotta underline underline-offset-4"
              >
                {company.email}
              </a>
            </address>
            <p className="mt-6 text-ink-soft">
              Trabajamos en: <span className="font-medium text-ink">{areas}</span>.
            </p>
          </div>
          <MapEmbed title={`Mapa de la oficina de ${company.name} en ${company.address.city}`} />
        </div>
      </section>
      <NextStep title="¿Quieres conocernos en tu obra?" />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
