// /contact (SPEC §2, §3, §5): the quote request form posting to /api/contacts, the company's
// contact details and a next step. Pre-rendered, or rendered on request when a link chose a
// service (decision 182); the form works once hydrated, and posts without its script too (162).

import { type ShouldRevalidateFunctionArgs, useActionData } from "react-router";
import { fieldErrorsOf } from "~/components/form-field";
import { PageIntro } from "~/components/page-intro";
import { trackConversion } from "~/lib/analytics";
import { api } from "~/lib/api";
import { leadSourceFields } from "~/lib/lead-source";
import { sendPatiently } from "~/lib/quote-retry";
import { pageMeta, trail } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data.server";
import { sendWithProgress } from "~/lib/upload-progress";
import { inWords } from "../../content/company";
import { contactPage } from "../../content/pages";
import { serviceGroups } from "../../content/service-choices";
import { serviceQuestions } from "../../content/service-questions";
import { siteContentContext } from "../../content/site-content";
import { ContactDetails } from "../quote/contact-details";
import { QuoteForm } from "../quote/quote-form";
import { upload, waiting } from "../quote/sending";
import type { QuoteAnswer, Sent } from "../quote/use-quote-answer";
import type { Route } from "./+types/contact";

const crumbs = trail({ name: "Contacto", path: "/contact" });

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta({ ...loaderData.seo, path: "/contact", jsonLd: loaderData.jsonLd }, matches)
    : [];

/** The services to choose from, read from the catalogue when the page is pre-rendered. */
export async function loader({ context }: Route.LoaderArgs) {
  const company = await context.get(siteContentContext).get("company");
  return {
    serviceGroups,
    serviceQuestions,
    seo: contactPage.seo,
    jsonLd: [
      breadcrumbJsonLd(crumbs),
      { "@context": "https://schema.org", "@type": "ContactPage", name: contactPage.seo.title },
    ],
    areas: inWords(company.areasServed),
    hours: company.offices[0]?.hours ?? "",
  };
}

/**
 * The request, as the form submits it (decision 123): JSON, or with photos a multipart form
 * (decision 131), posted to the API as it came. The answer goes back to the form: what was sent
 * (the form clears), or the server's messages per field (shown beside each field, the refused
 * files beside the photos). api() shows SPEC §8's dialog for a refusal; what was typed stays.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<QuoteAnswer> {
  const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/");
  const body = multipart ? await request.formData() : await request.json();
  // Where the visit came from (decision 260).
  for (const [name, value] of Object.entries(leadSourceFields())) {
    if (body instanceof FormData) body.set(name, value);
    else body[name] = value;
  }
  try {
    // Photos go by a transport that reports their upload's progress to the form (decision 181).
    // A passing outage is waited out and the request sent again (decision 197).
    const sent = await sendPatiently(
      (send) => api<Sent>("POST", "contacts", body, { send, silent: true }),
      { send: multipart ? sendWithProgress(upload.set) : undefined, onWait: waiting.set },
    );
    trackConversion("contact");
    return { sent };
  } catch (error) {
    // A 422's messages per field (SPEC §8's dialog has listed them): shown beside each field.
    // Any other failure leaves the form as it was, messages included.
    const refused = fieldErrorsOf(error);
    return Object.keys(refused).length ? { refused } : {};
  }
}

/** The catalogue is fixed at build time: a sent request has nothing to reload. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const answer = useActionData<typeof clientAction>();
  return (
    <>
      <PageIntro
        crumbs={crumbs}
        eyebrow="Contacto"
        title="Pide presupuesto sin compromiso"
        subtitle="Cuéntanos qué quieres reformar, construir o amueblar. Te respondemos en un día laborable y, si hace falta, vamos a verlo y a medir sin coste."
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-12 sm:py-16 lg:grid-cols-5">
        <section aria-labelledby="contact-form-title" className="min-w-0 lg:col-span-3">
          <h2 id="contact-form-title" className="text-2xl font-semibold sm:text-3xl">
            Cuéntanos tu proyecto
          </h2>
          <p className="mt-2 text-ink-soft">
            Cuanto más nos cuentes (qué estancias, metros aproximados, plazos), más ajustado será el
            presupuesto. Los campos marcados con{" "}
            <span aria-hidden="true" className="font-semibold text-terracotta">
              *
            </span>
            <span className="sr-only">asterisco</span> son obligatorios.
          </p>
          <QuoteForm
            serviceGroups={loaderData.serviceGroups}
            questions={loaderData.serviceQuestions}
            answer={answer}
          />
        </section>
        <ContactDetails areas={loaderData.areas} hours={loaderData.hours} />
      </div>
    </>
  );
}
