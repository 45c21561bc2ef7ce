// /contact (SPEC §2, §3, §5): the quote request form posting to /api/contacts, the company's
// contact details and a next step. Pre-rendered, or rendered on request when a link chose a
// service (decision 182); the form works once hydrated, and posts without its script too (162).

import {
  type ChangeEvent,
  createElement,
  type FormEvent,
  type MouseEvent,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import {
  Link,
  type ShouldRevalidateFunctionArgs,
  useActionData,
  useNavigate,
  useNavigation,
  useSearchParams,
  useSubmit,
} from "react-router";
import { CallLink } from "~/components/call-link";
import { fieldErrorsOf } from "~/components/form-field";
import { PageIntro } from "~/components/page-intro";
import { Picture } from "~/components/picture";
import { trackConversion } from "~/lib/analytics";
import { api } from "~/lib/api";
import { useCompany } from "~/lib/company";
import { showSuccess } from "~/lib/dialog";
import { leadSourceFields } from "~/lib/lead-source";
import { canShrinkPhotos, shrinkPhoto } from "~/lib/photo-shrink";
import { forgetQuoteDraft, keepQuoteDraft, readQuoteDraft } from "~/lib/quote-draft";
import { sendPatiently } from "~/lib/quote-retry";
import { pageMeta, trail } from "~/lib/seo";
import { breadcrumbJsonLd } from "~/lib/structured-data.server";
import { fileSize, sendWithProgress } from "~/lib/upload-progress";
import { inWords } from "../../content/company";
import { contactPage } from "../../content/pages";
import { quoteFields } from "../../content/quote-fields";
import {
  contactLabels,
  contactLimits,
  draftMessages,
  nextSteps,
  photoMessages,
  photoRules,
  reachableLegend,
  sendingMessages,
} from "../../content/quote-request";
import { serviceGroups } from "../../content/service-choices";
import { siteContentContext } from "../../content/site-content";
import {
  ChoiceOptions,
  DetailField,
  inputClass,
  lengthLeft,
  QuoteField,
  service,
  WrittenField,
} from "../quote/fields";
import {
  draftFields,
  empty,
  firstPaint,
  focusFirstField,
  type QuoteForm,
  withService,
  writtenBeforeHydration,
} from "../quote/form-values";
import { photoErrorsFor, photoProblems, sameFile } from "../quote/photo-checks";
import { upload, waiting } from "../quote/sending";
import { UploadProgress } from "../quote/upload-progress";
import type { Route } from "./+types/contact";

const crumbs = trail({ name: "Contacto", path: "/contact" });

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? pageMeta({ ...loaderData.seo, path: "/contact", jsonLd: loaderData.jsonLd }) : [];

/** The services to choose from, read from the catalogue when the page is pre-rendered. */
export async function loader({ context }: Route.LoaderArgs) {
  const company = await context.get(siteContentContext).get("company");
  return {
    serviceGroups,
    seo: contactPage.seo,
    jsonLd: [
      breadcrumbJsonLd(crumbs),
      { "@context": "https://schema.org", "@type": "ContactPage", name: contactPage.seo.title },
    ],
    areas: inWords(company.areasServed),
    hours: company.offices[0]?.hours ?? "",
  };
}

interface Sent {
  title?: string;
  message?: string;
  reference?: string;
}

/**
 * The request, as the form submits it (decision 123): JSON, or with photos a multipart form
 * (decision 131), posted to the API as it came. The answer goes back to the form: what was sent
 * (the form clears), or the server's messages per field (shown beside each field, the refused
 * files beside the photos). api() shows SPEC §8's dialog for a refusal; what was typed stays.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
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
          <ContactForm serviceGroups={loaderData.serviceGroups} />
        </section>
        <ContactDetails areas={loaderData.areas} hours={loaderData.hours} />
      </div>
    </>
  );
}

function ContactForm({
  serviceGroups,
}: {
  serviceGroups: Route.ComponentProps["loaderData"]["serviceGroups"];
}) {
  // A service page's "Pide presupuesto" opens the form with that service chosen. Rendered with
  // it: the server renders /contact?servicio=… on request (decision 182), so the form has it
  // before any script runs; the pre-rendered /contact knows no query.
  const [searchParams] = useSearchParams();
  const chosen = serviceGroups
    .flatMap((group) => group.choices)
    .find((choice) => choice.value === searchParams.get("servicio"));
  const [values, setValues] = useState(() => withService(empty, chosen));
  // The step funnel's «opened» (decision 261): a count, no identifier, no cookie sent. Its
  // answer is read to the end: an unread body keeps the request open in Chromium, and /contact
  // never went quiet on the network.
  useEffect(() => {
    const step = { service: chosen?.value ?? "ninguno", step: "opened" };
    const init = { method: "POST", credentials: "omit", keepalive: true } as const;
    fetch("/api/funnel", {
      ...init,
      body: JSON.stringify(step),
      headers: { "Content-Type": "application/json" },
    })
      .then((answer) => answer.text())
      .catch(() => {});
  }, [chosen]);
  const rendered = useRef(values);
  const [photos, setPhotos] = useState<File[]>([]);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const photoInput = useRef<HTMLInputElement>(null);
  const photoErrorsId = useId();
  const submitForm = useSubmit();
  // Photos are made smaller before the request goes (decision 181): busy from the click on.
  const [preparing, setPreparing] = useState(false);
  // The photos being sent, whose upload the form shows (decision 181); and whether this browser
  // can make photos smaller, which lets heavier ones be chosen (known once the script runs).
  const [uploading, setUploading] = useState<{ bytes: number }>();
  const [shrinking, setShrinking] = useState(false);
  const sending = useNavigation().state === "submitting" || preparing;
  // A passing outage being waited out (decision 197): said in the form's live region.
  const wait = useSyncExternalStore(waiting.subscribe, waiting.get, () => undefined);
  // What the form's one live region says (decision 181): the photo list's changes, for screen
  // readers only; what a request being sent carries, for everyone.
  const [notice, setNotice] = useState<{ text: string; shown?: boolean }>();
  // One request per answer: set by the submit event itself, since a double click brings two
  // events before the busy state is rendered (as the footer's form, decision 124).
  const awaiting = useRef(false);
  const answer = useActionData<typeof clientAction>();
  const navigate = useNavigate();
  // When the form was shown, on the page's monotonic clock (decision 153): a request sent
  // within seconds of it is a robot's.
  const shownAt = useRef(0);
  // SPEC §5 keeps both optional in the browser; the server needs one of the two.
  const reachableHintId = useId();

  // The same for a link to another service while the page stays open.
  useEffect(() => {
    shownAt.current = performance.now();
    setValues((current) => withService(current, chosen));
  }, [chosen]);

  // What the visitor wrote before the page's script ran (a slow phone) is in the form, not in
  // the state yet, and the first render after hydration would empty it: it is taken in first.
  // The form was on screen since the page was painted, which the fill time then counts from.
  // Then what this tab kept of an earlier visit (decision 172), under both: what was typed on
  // this page, and a service page's choice (the only value already set), win over the draft.
  const form = useRef<HTMLFormElement>(null);
  const [recovered, setRecovered] = useState<{ photos: number }>();
  useEffect(() => {
    setShrinking(canShrinkPhotos());
    const typed = writtenBeforeHydration(form.current, rendered.current);
    if (typed) shownAt.current = Math.min(shownAt.current, firstPaint());
    const draft = readQuoteDraft();
    const kept = draft ? draftFields(draft.values) : {};
    if (draft && Object.keys(kept).length) {
      setRecovered({ photos: draft.photos });
      // The time already spent counts: sending a restored form at once is not haste.
      shownAt.current -= Math.max(0, Date.now() - draft.startedAt);
    }
    if (!typed && !Object.keys(kept).length) return;
    setValues((current) => ({
      ...current,
      ...kept,
      ...(current.service ? { service: current.service } : {}),
      ...typed,
    }));
  }, []);

  // Kept at every change; the untouched form (`empty` itself) has nothing to keep and must not
  // wipe a draft before it is restored.
  useEffect(() => {
    if (values === empty && !photos.length) return;
    keepQuoteDraft({
      values: draftFields(values),
      // Photos lost to a reload stay owed until new ones are chosen.
      photos: photos.length || (recovered?.photos ?? 0),
      startedAt: Math.round(Date.now() - (performance.now() - shownAt.current)),
    });
  }, [values, photos.length, recovered]);

  /** Empties the form and forgets its draft: on «Vaciar el formulario», and once a request is sent. */
  const clearForm = (click?: MouseEvent) => {
    forgetQuoteDraft();
    setRecovered(undefined);
    setValues(empty);
    setRefused({});
    setPhotos([]);
    setPhotoErrors([]);
    // Emptied by its button, which is now gone: focus goes to the first field.
    if (click) focusFirstField(form.current);
  };

  // The server's messages per field from the last refusal; a field's go once it is changed.
  const [refused, setRefused] = useState<Record<string, string[]>>({});
  const change = (field: keyof QuoteForm) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (refused[field]) setRefused(({ [field]: _, ...others }) => others);
  };
  /** The props every control of the form shares. */
  const bind = (field: keyof QuoteForm) => ({
    name: field,
    value: values[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      change(field)(event.currentTarget.value),
  });

  /** What every field drawn by its own part shares: its value and its refusal. */
  const fieldState = { bind, errors: refused };

  /** Chosen files join those already listed (the input is emptied to take the next ones). */
  const addPhotos = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.currentTarget.files ?? []);
    event.currentTarget.value = "";
    const next = [...photos, ...chosen.filter((file) => !photos.some((p) => sameFile(p, file)))];
    setPhotos(next);
    setPhotoErrors(photoErrorsFor(next, shrinking, photoErrors));
    setNotice({ text: sendingMessages.chosen(next.length) });
  };
  const removePhoto = (index: number) => {
    const next = photos.filter((_, i) => i !== index);
    setPhotos(next);
    setPhotoErrors(photoErrorsFor(next, shrinking, photoErrors, photos[index]));
    setNotice({ text: sendingMessages.removed(photos[index]?.name ?? "") });
    // The button is gone: focus goes back to where photos are chosen.
    photoInput.current?.focus();
  };

  // What the last submission answered: sent, the form is cleared (SPEC §4) and the visitor stays
  // on (returns to) /contact; refused, each field with a message says it, and the files the
  // server would not take are named.
  // Once the dialog is closed, focus goes where the visitor is next: the thanks that stay on the
  // page with the reference, or the first field to mend.
  const [thanks, setThanks] = useState<Sent>();
  const thanksHeading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: clearForm uses only state setters, refs and module functions, the same in every render
  useEffect(() => {
    if (!answer) return;
    awaiting.current = false;
    setNotice(undefined);
    setUploading(undefined);
    if ("sent" in answer && answer.sent) {
      const { sent } = answer;
      clearForm();
      setThanks(sent);
      shownAt.current = performance.now();
      navigate("/contact", { replace: true });
      void showSuccess({
        title: sent.title,
        message: sent.reference
          ? `${sent.message} Tu referencia es ${sent.reference}. ${nextSteps}`
          : sent.message,
      }).then(() => thanksHeading.current?.focus());
    } else if ("refused" in answer && answer.refused) {
      setThanks(undefined);
      setRefused(answer.refused);
      if (answer.refused.photos) setPhotoErrors(answer.refused.photos);
      const mend = () => form.current?.querySelector<HTMLElement>("[aria-invalid]")?.focus();
      // api() has shown SPEC §8's dialog listing the fields (DialogHost's one <dialog>).
      const dialog = document.querySelector("dialog");
      if (dialog) dialog.addEventListener("close", mend, { once: true });
      else mend();
    }
  }, [answer, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (awaiting.current) return;
    const problems = photoProblems(photos, shrinking);
    if (problems.length) {
      setPhotoErrors(problems);
      photoInput.current?.focus();
      return;
    }
    awaiting.current = true;
    const fields = { ...values, form_fill_ms: Math.round(performance.now() - shownAt.current) };
    if (!photos.length) {
      setNotice({ text: sendingMessages.sending(0, ""), shown: true });
      submitForm(fields, { method: "post", encType: "application/json" });
      return;
    }
    // Each photo made smaller first (decision 181), one at a time: a phone decoding five
    // 48 MP photos at once could run out of memory.
    setPreparing(true);
    setNotice({ text: sendingMessages.preparing, shown: true });
    const sent: File[] = [];
    for (const photo of photos) sent.push(await shrinkPhoto(photo));
    setPreparing(false);
    // One the browser could not make smaller and the server would refuse is named now, before
    // a slow upload is spent on it (decision 181).
    const unshrunk = sent.filter((photo) => photo.size > photoRules.maxFileBytes);
    if (unshrunk.length) {
      awaiting.current = false;
      setNotice(undefined);
      setPhotoErrors(unshrunk.map((photo) => photoMessages.notShrunk(photo.name)));
      photoInput.current?.focus();
      return;
    }
    const bytes = sent.reduce((total, photo) => total + photo.size, 0);
    // Said once as it starts; the bar and its figures are shown (`UploadProgress`).
    setNotice({ text: sendingMessages.sending(sent.length, fileSize(bytes)) });
    upload.set(undefined);
    setUploading({ bytes });
    // With photos the same fields go as a multipart form (decision 131).
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    for (const photo of sent) form.append("photos", photo, photo.name);
    submitForm(form, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <>
      {thanks ? (
        // The reference stays on the page after the dialog: the visitor may want to note it.
        <section
          aria-labelledby="quote-thanks"
          className="mt-8 rounded-lg border border-olive/40 bg-sand-50 p-5"
        >
          <h3
            id="quote-thanks"
            ref={thanksHeading}
            tabIndex={-1}
            className="text-xl font-semibold focus:outline-none"
          >
            {thanks.title || "Solicitud enviada"}
          </h3>
          <p className="mt-2">
            {thanks.reference ? (
              <>
                Tu referencia es <strong className="whitespace-nowrap">{thanks.reference}</strong>.{" "}
                {nextSteps}
              </>
            ) : (
              thanks.message
            )}
          </p>
          <button
            type="button"
            onClick={() => {
              setThanks(undefined);
              focusFirstField(form.current);
            }}
            className="-ml-3 mt-2 min-h-11 rounded px-3 font-medium text-terracotta-dark underline underline-offset-4 hover:bg-sand-100"
          >
            Enviar otra solicitud
          </button>
        </section>
      ) : null}
      {/* Sent by the browser itself, before the script has run, the form still reaches the
      company: the server takes a post to /contact as the API's quote request and answers with a
      page (decision 162). Never a GET, which would write the visitor's data into the address. */}
      <form
        ref={form}
        method="post"
        action="/contact"
        encType="multipart/form-data"
        onSubmit={submit}
        className="mt-8 grid gap-6 sm:grid-cols-2"
      >
        {recovered ? (
          <div
            role="status"
            className="rounded-md border border-olive/40 bg-sand-50 p-4 text-sm sm:col-span-2"
          >
            <p>
              {draftMessages.recovered}
              {recovered.photos ? ` ${draftMessages.photosLost(recovered.photos)}` : null}
            </p>
            <button
              type="button"
              onClick={clearForm}
              className="-ml-3 min-h-11 rounded px-3 font-medium text-terracotta-dark underline underline-offset-4 hover:bg-sand-100"
            >
              {draftMessages.clear}
            </button>
          </div>
        ) : null}
        <QuoteField label={service.label} errors={refused.service} className="sm:col-span-2">
          {(control) => (
            <select {...control} {...bind("service")} className={inputClass}>
              <option value="">{service.none}</option>
              {serviceGroups.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  <ChoiceOptions choices={group.choices} />
                </optgroup>
              ))}
            </select>
          )}
        </QuoteField>
        <WrittenField name="name" {...fieldState} required className="sm:col-span-2" />
        {/* One of the two is needed: neither is «opcional»; the group says so once. */}
        <fieldset className="grid gap-6 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-1 font-medium text-ink">{reachableLegend}</legend>
          <p id={reachableHintId} className="text-sm text-ink-soft sm:col-span-2">
            Déjanos al menos un correo electrónico o un teléfono para poder responderte.
          </p>
          <WrittenField
            name="email"
            {...fieldState}
            hint="Para enviarte el presupuesto por escrito."
            describedBy={reachableHintId}
            markOptional={false}
          />
          <WrittenField
            name="phone"
            {...fieldState}
            hint="Si prefieres que te llamemos."
            describedBy={reachableHintId}
            markOptional={false}
          />
        </fieldset>
        <WrittenField
          name="subject"
          {...fieldState}
          required
          hint="Por ejemplo: reforma de cocina en Valencia."
          className="sm:col-span-2"
        />
        <QuoteField
          label={contactLabels.message}
          errors={refused.message}
          required
          hint={lengthLeft(values.message, contactLimits.message)}
          className="sm:col-span-2"
        >
          {(control) => (
            <textarea
              {...control}
              required
              rows={6}
              {...bind("message")}
              className={`${inputClass} py-2`}
            />
          )}
        </QuoteField>
        {/* min-w-0 down to the photo list: a grid item (and a fieldset) is otherwise as wide as the
          longest unbroken file name, and the page with it. */}
        {createElement(
          "fieldset",
          { className: "grid min-w-0 gap-6 sm:col-span-2 sm:grid-cols-2" },
          <legend className="mb-2 text-lg font-semibold">
            Sobre la obra <span className="text-sm font-normal text-ink-soft">(opcional)</span>
          </legend>,
          // The details under the service as content/quote-fields.ts lists them, passed one by
          // one rather than as a list: each field's generated id stays what it was when they
          // were written out (the pre-rendered page is unchanged).
          ...quoteFields
            .filter((field) => field.name !== service.name)
            .map((field) => <DetailField key={field.name} field={field} {...fieldState} />),
          <div className="min-w-0 sm:col-span-2">
            <QuoteField
              label={photoRules.label}
              hint={shrinking ? photoRules.hintShrinking : photoRules.hint}
              describedBy={photoErrorsId}
            >
              {(control) => (
                // The browser's own control speaks the browser's language («Choose Files», «No
                // file chosen») and, emptied after each choice, would contradict the list: the
                // input is kept for the keyboard and screen readers but not drawn, and a second
                // label of its own, drawn as a button, opens it (decision 181).
                <>
                  <input
                    {...control}
                    ref={photoInput}
                    type="file"
                    name="photos"
                    accept="image/*"
                    multiple
                    onChange={addPhotos}
                    aria-invalid={photoErrors.length ? true : undefined}
                    className="peer sr-only"
                  />
                  <label
                    htmlFor={control.id}
                    className="mt-1 inline-flex min-h-11 cursor-pointer items-center rounded-md border border-ink/30 bg-white px-4 font-semibold text-ink hover:bg-sand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink"
                  >
                    {sendingMessages.choose}
                  </label>
                </>
              )}
            </QuoteField>
            {photos.length ? (
              <ul aria-label="Fotos elegidas" className="mt-3 space-y-2">
                {photos.map((photo, index) => (
                  <li
                    key={`${photo.name}-${photo.size}-${photo.lastModified}`}
                    className="flex items-center justify-between gap-3 rounded-md border border-sand-200 bg-sand-50 px-3 py-1"
                  >
                    <span className="min-w-0 truncate text-sm">
                      {photo.name} <span className="text-ink-soft">({fileSize(photo.size)})</span>
                    </span>
                    <button
                      type="button"
                      onClick={() => removePhoto(index)}
                      className="min-h-11 shrink-0 rounded px-3 text-sm font-medium text-terracotta-dark underline underline-offset-4 hover:bg-sand-100"
                    >
                      Quitar<span className="sr-only"> {photo.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {/* Said as it changes (a file too heavy as soon as it is chosen) and read with the input. */}
            <div id={photoErrorsId} aria-live="polite">
              {recovered?.photos && !photos.length ? (
                <p className="mt-2 text-sm text-terracotta-dark">
                  {draftMessages.photosLost(recovered.photos)}
                </p>
              ) : null}
              {photoErrors.length ? (
                <ul className="mt-2 space-y-1 text-sm text-terracotta-dark">
                  {photoErrors.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          </div>,
        )}
        {/* Out of sight and out of the accessibility tree: only a robot fills it. */}
        <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
          <label>
            Web
            <input type="text" tabIndex={-1} autoComplete="off" {...bind("website")} />
          </label>
        </div>
        <p className="text-sm text-ink-soft sm:col-span-2">
          Usaremos tus datos solo para responder a tu solicitud. Más información en la{" "}
          <Link to="/privacy-and-politics" className="font-medium text-ink underline">
            política de privacidad
          </Link>
          .
        </p>
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={sending}
            className="inline-flex min-h-12 w-full items-center justify-center rounded-md bg-terracotta px-8 py-3 font-semibold text-white shadow-sm hover:bg-terracotta-dark disabled:cursor-wait disabled:opacity-70 sm:w-auto"
          >
            {sending ? "Enviando..." : "Enviar solicitud de presupuesto"}
          </button>
          {uploading ? (
            <UploadProgress bytes={uploading.bytes} say={(text) => setNotice({ text })} />
          ) : null}
          {/* Always there, so screen readers follow it from the start; the photo list's changes
            are said but not shown (the list shows them). */}
          <p role="status" className="mt-3 text-sm text-ink-soft">
            {wait ? (
              sendingMessages.waiting(wait)
            ) : notice?.shown ? (
              notice.text
            ) : (
              <span className="sr-only">{notice?.text}</span>
            )}
          </p>
        </div>
      </form>
    </>
  );
}

function ContactDetails({ areas, hours }: { areas: string; hours: string }) {
  const company = useCompany();
  const { address } = company;
  return (
    <aside aria-labelledby="contact-details-title" className="lg:col-span-2">
      <div className="overflow-hidden rounded-lg border border-sand-200 bg-sand-50">
        <Picture
          id="contact"
          sizes="(min-width: 1024px) 40vw, 100vw"
          className="aspect-[4/3] h-auto w-full object-cover"
        />
        <div className="p-6">
          <h2 id="contact-details-title" className="text-2xl font-semibold">
            ¿Prefieres llamar?
          </h2>
          <p className="mt-2 text-ink-soft">
            {hours}. Si no podemos atenderte, te devolvemos la llamada el mismo día.
          </p>
          <CallLink className="mt-4 inline-flex min-h-12 items-center justify-center gap-2 rounded-md bg-ink px-6 py-3 font-semibold text-plaster hover:bg-ink-soft">
            Llama al {company.phone}
          </CallLink>
          <dl className="mt-6 space-y-3 text-sm">
            <div>
              <dt className="font-semibold">{contactLabels.email}</dt>
              <dd>
                <a href={`mailto:${company.email}`} className="underline underline-offset-4">
                  {company.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Oficina</dt>
              <dd className="text-ink-soft">
                {address.street}, {address.postalCode} {address.city} ({address.region})
              </dd>
            </div>
            <div>
              <dt className="font-semibold">Trabajamos en</dt>
              <dd className="text-ink-soft">{areas}</dd>
            </div>
          </dl>
        </div>
      </div>
    </aside>
  );
}
