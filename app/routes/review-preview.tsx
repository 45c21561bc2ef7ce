import { data, isRouteErrorResponse } from "react-router";
import { NotFoundPage, notFoundMeta } from "~/components/not-found-page";
import { PageIntro } from "~/components/page-intro";
import { ReviewList } from "~/components/project-card";
import { previewHashOf } from "~/lib/preview-hash";
import { noindexMeta } from "~/lib/seo";
import { siteContentContext } from "../../content/site-content";
import type { Route } from "./+types/review-preview";

/**
 * /opiniones/vista-previa/{token}: a draft opinion as the pages will show it, behind its preview
 * link of an hour, kept out of search engines and never kept (decision 270). No open link
 * behind the token is the Not Found page.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const portfolio = await context.get(siteContentContext).get("portfolio");
  const review = portfolio.reviewPreviews[await previewHashOf(params.token)];
  if (!review) throw data(null, { status: 404 });
  return { review };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? noindexMeta(
        {
          title: "Vista previa de una opinión",
          description: "Una opinión en borrador, como la verán los visitantes cuando se publique.",
        },
        matches,
      )
    : notFoundMeta(matches);

export default function ReviewPreview({ loaderData: { review } }: Route.ComponentProps) {
  return (
    <>
      <p role="status" className="bg-ochre-100 px-4 py-2 text-center font-semibold text-ink">
        Vista previa de un borrador: los visitantes aún no ven esta opinión.
      </p>
      <PageIntro
        eyebrow="Opiniones"
        title="Vista previa de una opinión"
        subtitle={`Una vez publicada, se verá así en la página de ${review.serviceTitle.toLowerCase()}${review.projectSlug ? ", en la de su obra" : ""} y en la de inicio.`}
      />
      <ReviewList reviews={[review]} headingId="la-opinion" />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  throw error;
}
