// The quote request form (issue 12): its fields as content/ describes them, put together from
// one part per concern (decision 241): values, draft, photos, sending, the answer, the fill time.

import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useSearchParams } from "react-router";
import { revealWholeControl } from "~/components/form-field";
import { provinceOfPostcode } from "../../content/provinces";
import { quoteField, quoteFields } from "../../content/quote-fields";
import {
  type Choice,
  contactLabels,
  contactLimits,
  draftMessages,
} from "../../content/quote-request";
import { quoteSteps, stepWords } from "../../content/quote-steps";
import type { ServiceQuestion } from "../../content/service-questions";
import { ConsentBox, ContactWays } from "./contact-ways";
import { DetailField, inputClass, lengthLeft, QuoteField, WrittenField } from "./fields";
import { empty, focusFirstField, withService } from "./form-values";
import { JobQuestion } from "./job-question";
import { PhotoPicker } from "./photo-picker";
import { QuoteThanks } from "./quote-thanks";
import { plainRequest, requestFromAnswers } from "./request-from-answers";
import { RobotTrap } from "./robot-trap";
import { SendButton } from "./send-button";
import { ServiceChoice } from "./service-choice";
import { StepProgress } from "./step-progress";
import { useFillTime } from "./use-fill-time";
import { useFunnelStep } from "./use-funnel-step";
import { usePhotos } from "./use-photos";
import { type QuoteAnswer, useQuoteAnswer } from "./use-quote-answer";
import { useQuoteDraft } from "./use-quote-draft";
import { useQuoteValues } from "./use-quote-values";
import { type Notice, useSendQuote } from "./use-send-quote";
import { type Steps, useSteps } from "./use-steps";

/** The details asked with the visitor's contact, not about the job. */
const askedWithContact = new Set<string>(quoteSteps[3].fields);
/** The details asked about the job (the service has its own step). */
const aboutTheJob = quoteFields.filter(
  (field) =>
    field.name !== "service" && field.name !== "job_answers" && !askedWithContact.has(field.name),
);
/** The areas the company names as such; elsewhere is «otra». */
const areaNames: string[] = quoteField("area").choices.map((choice) => choice.value);
const withContact = quoteFields.filter((field) => askedWithContact.has(field.name));

export type ServiceGroups = readonly { label: string; choices: readonly Choice[] }[];

export function QuoteForm({
  serviceGroups,
  questions,
  answer,
}: {
  serviceGroups: ServiceGroups;
  /** Each service's own question, from the loader (content/service-questions.ts). */
  questions: Partial<Record<string, ServiceQuestion>>;
  answer: QuoteAnswer | undefined;
}) {
  // A service page's "Pide presupuesto" opens the form with that service chosen. Rendered with
  // it: the server renders /contact?servicio=… on request (decision 182), so the form has it
  // before any script runs.
  const [searchParams] = useSearchParams();
  const chosen = serviceGroups
    .flatMap((group) => group.choices)
    .find((choice) => choice.value === searchParams.get("servicio"));
  const { values, setValues, refused, setRefused, change, fieldState } = useQuoteValues(chosen);
  const { bind } = fieldState;
  useFunnelStep(chosen?.value, "opened");
  const fillTime = useFillTime();
  // The same for a link to another service while the page stays open.
  useEffect(() => {
    fillTime.restart();
    setValues((current) => withService(current, chosen));
  }, [chosen, fillTime, setValues]);

  // What the form's one live region says (decision 181): the photo list's changes, for screen
  // readers only; what a request being sent carries, for everyone.
  const [notice, setNotice] = useState<Notice>();
  const form = useRef<HTMLFormElement>(null);
  // A service page chose the job: the request starts at the next step (issue 36).
  const steps = useSteps({ form, values, start: chosen ? 1 : 0, refuse: setRefused });
  const photos = usePhotos(
    (text) => setNotice({ text }),
    () => steps.showRefused(["photos"], true),
  );
  const draft = useQuoteDraft({ form, values, setValues, photos: photos.photos.length, fillTime });
  // In steps, SPEC §7's fields are made from the answers (decision 266).
  const service = serviceGroups
    .flatMap((group) => group.choices)
    .find((choice) => choice.value === values.service);
  const request = steps.stepped
    ? requestFromAnswers(values, service, questions[values.service])
    : plainRequest(values);
  const sending = useSendQuote({ values: request, photos, fillTime, notify: setNotice });
  // The postcode says the province (issue 36): the area is filled from it unless chosen.
  useEffect(() => {
    const province = /^\d{5}$/.test(values.postcode)
      ? provinceOfPostcode(values.postcode)
      : undefined;
    if (!province) return;
    const area = [province.name, province.region].find((name) => areaNames.includes(name));
    setValues((current) => (current.area ? current : { ...current, area: area ?? "otra" }));
  }, [values.postcode, setValues]);
  // What was typed as e-mail or phone before the script ran goes in the one field.
  useEffect(() => {
    if (!steps.stepped) return;
    setValues((current) =>
      current.reach || !(current.phone || current.email)
        ? current
        : { ...current, reach: current.phone || current.email },
    );
  }, [steps.stepped, setValues]);

  /** Empties the form and forgets its draft: on «Vaciar el formulario», and once a request is sent. */
  const clearForm = (click?: unknown) => {
    draft.forget();
    setValues(() => empty);
    setRefused({});
    photos.clear();
    steps.restart();
    // Emptied by its button, which is now gone: focus goes to the first step's heading (the
    // first field when the form is not in steps).
    if (click && steps.stepped) steps.first();
    else if (click) focusFirstField(form.current);
  };
  const answered = useQuoteAnswer({
    answer,
    form,
    answered: sending.answered,
    cleared: () => {
      clearForm();
      fillTime.restart();
    },
    refused: (messages) => {
      setRefused(messages);
      if (messages.photos) photos.setErrors(messages.photos);
      steps.showRefused(Object.keys(messages));
    },
  });

  /** Enter in a field, or «Siguiente»: the next step; on the last, the request goes. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!steps.stepped) return void sending.submit(event);
    event.preventDefault();
    if (steps.at < steps.last) return void next();
    if (steps.ready()) void sending.submit(event);
  };
  const next = () => {
    if (quoteSteps[steps.at]?.value === "photos" && !photos.acceptable()) return;
    steps.next();
  };

  return (
    <>
      {answered.thanks ? (
        <QuoteThanks
          thanks={answered.thanks}
          heading={answered.heading}
          onAnother={() => {
            // The form shown again before focus goes to its first field.
            flushSync(answered.dismiss);
            focusFirstField(form.current);
          }}
        />
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
        // Sent: the thanks stand alone until «Enviar otra solicitud» (an empty first step under
        // them read as if the request had not gone).
        hidden={Boolean(answered.thanks)}
        // Checked step by step in the form's own words once its script runs (decision 265).
        noValidate={steps.stepped}
        className="mt-8 grid gap-6 sm:grid-cols-2"
      >
        {draft.recovered ? (
          <div
            role="status"
            className="rounded-md border border-olive/40 bg-sand-50 p-4 text-sm sm:col-span-2"
          >
            <p>
              {draftMessages.recovered}
              {draft.recovered.photos
                ? ` ${draftMessages.photosLost(draft.recovered.photos)}`
                : null}
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
        {steps.stepped ? <StepProgress at={steps.at} /> : null}
        <Step index={0} steps={steps}>
          <div className="sm:col-span-2">
            <ServiceChoice
              groups={serviceGroups}
              value={values.service}
              onChange={(chosen) => {
                change("service")(chosen);
                // Answers to another service's question are not this one's.
                if (chosen !== values.service) change("job_answers")("");
              }}
              errors={refused.service}
            />
          </div>
        </Step>
        <Step index={1} steps={steps}>
          {steps.stepped && questions[values.service] ? (
            <JobQuestion
              question={questions[values.service] as ServiceQuestion}
              value={values.job_answers}
              onChange={change("job_answers")}
              errors={refused.job_answers}
            />
          ) : null}
          {aboutTheJob.map((field) => (
            <DetailField key={field.name} field={field} {...fieldState} />
          ))}
          {/* Optional once in steps: the answers make one (decision 266). */}
          <QuoteField
            label={contactLabels.message}
            errors={refused.message}
            required={!steps.stepped}
            hint={lengthLeft(values.message, contactLimits.message)}
            className="sm:col-span-2"
          >
            {(control) => (
              <textarea
                {...control}
                required={!steps.stepped}
                rows={steps.stepped ? 4 : 6}
                {...bind("message")}
                className={`${inputClass} py-2`}
              />
            )}
          </QuoteField>
        </Step>
        <Step index={2} steps={steps}>
          <PhotoPicker photos={photos} owed={draft.recovered?.photos} />
        </Step>
        <Step index={3} steps={steps}>
          <WrittenField name="name" {...fieldState} required className="sm:col-span-2" />
          <ContactWays stepped={steps.stepped} {...fieldState} />
          {withContact.map((field) => (
            <DetailField key={field.name} field={field} {...fieldState} />
          ))}
          {steps.stepped ? (
            <ConsentBox
              checked={values.consent !== ""}
              onChange={change("consent")}
              errors={refused.consent}
            />
          ) : null}
          <p className="text-sm text-ink-soft sm:col-span-2">
            Usaremos tus datos solo para responder a tu solicitud. Más información en la{" "}
            <Link to="/privacy-and-politics" className="font-medium text-ink underline">
              política de privacidad
            </Link>
            .
          </p>
        </Step>
        <RobotTrap bind={bind} />
        {steps.stepped && steps.at < steps.last ? (
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <button
              type="button"
              onClick={next}
              onFocus={revealWholeControl}
              className={primaryButton}
            >
              {stepWords.next}
            </button>
            {steps.at > 0 ? <BackButton steps={steps} /> : null}
          </div>
        ) : null}
        <SendButton
          sending={sending}
          notice={notice}
          notify={setNotice}
          button={!steps.stepped || steps.at === steps.last}
        />
        {steps.stepped && steps.at === steps.last ? <BackButton steps={steps} /> : null}
      </form>
    </>
  );
}

const primaryButton =
  "inline-flex min-h-12 w-full items-center justify-center rounded-md bg-terracotta px-8 py-3 font-semibold text-white shadow-sm hover:bg-terracotta-dark sm:w-auto";

function BackButton({ steps }: { steps: Steps }) {
  return (
    <button
      type="button"
      onClick={steps.back}
      onFocus={revealWholeControl}
      className="inline-flex min-h-12 w-full items-center justify-center rounded-md border border-ink/30 bg-white px-6 font-semibold text-ink hover:bg-sand-50 sm:w-auto"
    >
      {stepWords.back}
    </button>
  );
}

/**
 * One step of the request: its heading (where focus goes as it is shown), what it asks, and its
 * fields. Before the script runs every step is shown: one plain form.
 */
function Step({ index, steps, children }: { index: number; steps: Steps; children: ReactNode }) {
  const id = useId();
  const step = quoteSteps[index];
  return (
    <section
      aria-labelledby={id}
      hidden={steps.hides(index)}
      className="grid min-w-0 gap-6 sm:col-span-2 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <h3
          id={id}
          ref={(heading) => {
            steps.headings.current[index] = heading;
          }}
          tabIndex={-1}
          className="text-xl font-semibold focus:outline-none"
        >
          <span className="text-ink-soft">{index + 1}.</span> {step?.title}
        </h3>
        <p className="mt-1 text-ink-soft">{step?.intro}</p>
      </div>
      {children}
    </section>
  );
}
