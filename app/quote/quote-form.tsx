// The quote request form (issue 12): its fields as content/ describes them, put together from
// one part per concern (decision 241): values, draft, photos, sending, the answer, the fill time.
import { createElement, type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { quoteFields } from "../../content/quote-fields";
import {
  type Choice,
  contactLabels,
  contactLimits,
  draftMessages,
  reachableLegend,
} from "../../content/quote-request";
import {
  ChoiceOptions,
  DetailField,
  inputClass,
  lengthLeft,
  QuoteField,
  service,
  WrittenField,
} from "./fields";
import { empty, focusFirstField, withService } from "./form-values";
import { PhotoPicker } from "./photo-picker";
import { QuoteThanks } from "./quote-thanks";
import { RobotTrap } from "./robot-trap";
import { SendButton } from "./send-button";
import { useFillTime } from "./use-fill-time";
import { useFunnelStep } from "./use-funnel-step";
import { usePhotos } from "./use-photos";
import { type QuoteAnswer, useQuoteAnswer } from "./use-quote-answer";
import { useQuoteDraft } from "./use-quote-draft";
import { useQuoteValues } from "./use-quote-values";
import { type Notice, useSendQuote } from "./use-send-quote";

export type ServiceGroups = readonly { label: string; choices: readonly Choice[] }[];

export function QuoteForm({
  serviceGroups,
  answer,
}: {
  serviceGroups: ServiceGroups;
  answer: QuoteAnswer | undefined;
}) {
  // A service page's "Pide presupuesto" opens the form with that service chosen. Rendered with
  // it: the server renders /contact?servicio=… on request (decision 182), so the form has it
  // before any script runs.
  const [searchParams] = useSearchParams();
  const chosen = serviceGroups
    .flatMap((group) => group.choices)
    .find((choice) => choice.value === searchParams.get("servicio"));
  const { values, setValues, refused, setRefused, fieldState } = useQuoteValues(chosen);
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
  const photos = usePhotos((text) => setNotice({ text }));
  const form = useRef<HTMLFormElement>(null);
  const draft = useQuoteDraft({ form, values, setValues, photos: photos.photos.length, fillTime });
  const sending = useSendQuote({ values, photos, fillTime, notify: setNotice });
  // SPEC §5 keeps both optional in the browser; the server needs one of the two.
  const reachableHintId = useId();

  /** Empties the form and forgets its draft: on «Vaciar el formulario», and once a request is sent. */
  const clearForm = (click?: MouseEvent) => {
    draft.forget();
    setValues(() => empty);
    setRefused({});
    photos.clear();
    // Emptied by its button, which is now gone: focus goes to the first field.
    if (click) focusFirstField(form.current);
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
    },
  });

  return (
    <>
      {answered.thanks ? (
        <QuoteThanks
          thanks={answered.thanks}
          heading={answered.heading}
          onAnother={() => {
            answered.dismiss();
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
        onSubmit={sending.submit}
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
          // The details under the service as content/quote-fields.ts lists them.
          ...quoteFields
            .filter((field) => field.name !== service.name)
            .map((field) => <DetailField key={field.name} field={field} {...fieldState} />),
          <PhotoPicker key="photos" photos={photos} owed={draft.recovered?.photos} />,
        )}
        <RobotTrap bind={bind} />
        <p className="text-sm text-ink-soft sm:col-span-2">
          Usaremos tus datos solo para responder a tu solicitud. Más información en la{" "}
          <Link to="/privacy-and-politics" className="font-medium text-ink underline">
            política de privacidad
          </Link>
          .
        </p>
        <SendButton sending={sending} notice={notice} notify={setNotice} />
      </form>
    </>
  );
}
