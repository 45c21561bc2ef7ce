import { data, isRouteErrorResponse, Link } from "react-router";
import { primaryButton } from "~/components/buttons";
import { useLightbox } from "~/components/lightbox/photo-lightbox";
import { NotFoundPage, notFoundMeta } from "~/components/not-found-page";
import { PageIntro } from "~/components/page-intro";
import { ReviewList } from "~/components/project-card";
import { SitePicture } from "~/components/site-picture";
import { previewHashOf } from "~/lib/preview-hash";
import { noindexMeta, pageMeta, trail } from "~/lib/seo";
import { breadcrumbJsonLd, projectJsonLd } from "~/lib/structured-data.server";
import {
  type PublicPhoto,
  photoStageLabel,
  projectPath,
  projectsPath,
} from "../../content/projects";
import { siteContentContext } from "../../content/site-content";
import type { Route } from "./+types/project";

/**
 * /obras/{slug}: a published project; /obras/vista-previa/{token}: a draft behind a preview
 * link, as it will look, kept out of search engines. Anything else is the Not Found page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const portfolio = await context.get(siteContentContext).get("portfolio");
  const preview = params.token !== undefined;
  const project = preview
    ? portfolio.previews[await previewHashOf(params.token ?? "")]
    : portfolio.projects.find((p) => p.slug === params.slug);
  if (!project) throw data(null, { status: 404 });
  const crumbs = trail(
    { name: "Obras", path: projectsPath },
    { name: project.title, path: projectPath(project.slug) },
  );
  return {
    project,
    preview,
    crumbs,
    jsonLd: [breadcrumbJsonLd(crumbs), projectJsonLd(project)],
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return notFoundMeta(matches);
  const { project, preview, jsonLd } = loaderData;
  const page = {
    title: project.title.slice(0, 40),
    description: project.summary.slice(0, 155),
    keywords: [project.serviceTitle.toLowerCase(), project.city, "obra terminada"],
  };
  return preview
    ? noindexMeta(page, matches)
    : pageMeta({ ...page, path: projectPath(project.slug), jsonLd }, matches);
};

/** Before and after side by side, pair by pair, in the order staff put them. */
function pairs(photos: PublicPhoto[]) {
  const before = photos.filter((p) => p.stage === "antes");
  const after = photos.filter((p) => p.stage === "despues");
  return Array.from({ length: Math.min(before.length, after.length) }, (_, i) => ({
    before: before[i] as PublicPhoto,
    after: after[i] as PublicPhoto,
  }));
}

export default function Project({ loaderData }: Route.ComponentProps) {
  const { project, preview, crumbs } = loaderData;
  const compared = pairs(project.photos);
  const inPairs = new Set(compared.flatMap((pair) => [pair.before, pair.after]));
  const rest = project.photos.filter((photo) => !inPairs.has(photo));
  // The first photo shown is on a phone's first screen under the project's facts and is the
  // page's largest image: fetched from the HTML at once, the others lazily (issue 35).
  const firstShown = compared[0]?.before ?? rest[0];
  // Every photo of the project in the lightbox, in the order staff put them.
  const lightbox = useLightbox(
    project.photos.map((photo) => ({
      photo,
      alt: photo.alt,
      caption: `${photoStageLabel(photo.stage)} · ${project.title}`,
    })),
    `Fotos de la obra ${project.title}`,
  );
  const opener = (photo: PublicPhoto) => lightbox.link(project.photos.indexOf(photo));
  return (
    <>
      {preview ? (
        <p role="status" className="bg-ochre-100 px-4 py-2 text-center font-semibold text-ink">
          Vista previa de un borrador: los visitantes aún no ven esta obra.
        </p>
      ) : null}
      <PageIntro
        eyebrow={project.serviceTitle}
        title={project.title}
        subtitle={project.summary}
        crumbs={crumbs}
      />
      <section aria-labelledby="datos-de-la-obra" className="mx-auto max-w-7xl px-4 py-10">
        <h2 id="datos-de-la-obra" className="sr-only">
          Datos de la obra
        </h2>
        <dl className="grid gap-4 sm:grid-cols-4">
          <div>
            <dt className="text-sm text-ink-soft">Dónde</dt>
            <dd className="font-semibold">
              {project.city} ({project.province})
            </dd>
          </div>
          <div>
            <dt className="text-sm text-ink-soft">Año</dt>
            <dd className="font-semibold">{project.year}</dd>
          </div>
          <div>
            <dt className="text-sm text-ink-soft">Duración</dt>
            <dd className="font-semibold">{project.duration}</dd>
          </div>
          {project.budget ? (
            <div>
              <dt className="text-sm text-ink-soft">Presupuesto</dt>
              <dd className="font-semibold">{project.budget}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      {compared.length > 0 ? (
        <section aria-labelledby="antes-y-despues" className="mx-auto max-w-7xl px-4 py-6">
          <h2 id="antes-y-despues" className="text-3xl font-semibold">
            Antes y después
          </h2>
          <ul className="mt-6 space-y-8">
            {compared.map(({ before, after }) => (
              <li key={`${before.id}-${after.id}`} className="grid gap-4 md:grid-cols-2">
                {[
                  { photo: before, label: "Antes" },
                  { photo: after, label: "Después" },
                ].map(({ photo, label }) => (
                  <figure key={photo.id}>
                    <a {...opener(photo)} className="block">
                      <SitePicture
                        photo={photo}
                        alt={photo.alt}
                        sizes="(min-width: 768px) 50vw, 100vw"
                        priority={photo === firstShown}
                        className="w-full rounded-lg"
                      />
                    </a>
                    <figcaption className="mt-2 text-ink-soft">
                      <strong className="text-ink">{label}:</strong> {photo.alt}
                    </figcaption>
                  </figure>
                ))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {rest.length > 0 ? (
        <section aria-labelledby="mas-fotos" className="mx-auto max-w-7xl px-4 py-6">
          <h2 id="mas-fotos" className="text-3xl font-semibold">
            Más fotos
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {rest.map((photo) => (
              <li key={photo.id}>
                <figure>
                  <a {...opener(photo)} className="block">
                    <SitePicture
                      photo={photo}
                      alt={photo.alt}
                      sizes="(min-width: 1024px) 33vw, 50vw"
                      priority={photo === firstShown}
                      className="w-full rounded-lg"
                    />
                  </a>
                  <figcaption className="mt-2 text-sm text-ink-soft">{photo.alt}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {lightbox.dialog}
      <section aria-labelledby="la-obra" className="mx-auto max-w-3xl px-4 py-10">
        <h2 id="la-obra" className="text-3xl font-semibold">
          La obra
        </h2>
        <div
          // The Markdown's lists, paragraphs, headings and links, styled here (no typography plugin).
          className="mt-4 space-y-4 leading-relaxed [&_a]:underline [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:marker:text-terracotta"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: made safe on the server (raw HTML escaped, http(s) links only)
          dangerouslySetInnerHTML={{ __html: project.bodyHtml }}
        />
      </section>
      <ReviewList
        reviews={project.reviews}
        headingId="opinion-del-cliente"
        title="Qué dijo el cliente"
      />
      <section className="mx-auto max-w-7xl px-4 pb-16">
        <Link
          to={`/contact?servicio=${encodeURIComponent(project.service)}`}
          className={primaryButton}
        >
          Pedir un presupuesto parecido
        </Link>
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
