// The quote form's fields, drawn as content/quote-request.ts and content/quote-fields.ts say.
import type { ComponentProps } from "react";
import { Field } from "~/components/form-field";
import {
  type ChoiceDetail,
  type NumberDetail,
  quoteField,
  type quoteFields,
  type TextDetail,
} from "../../content/quote-fields";
import { type Choice, contactLabels, contactLimits } from "../../content/quote-request";
import type { QuoteForm } from "./form-values";

/**
 * How each of SPEC §3's written fields takes its text: its type, its limit (the server refuses
 * more), what a phone's keyboard and the browser's autofill offer.
 */
export const writtenInputs = {
  name: { autoComplete: "name", maxLength: contactLimits.name },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", autoComplete: "tel", maxLength: contactLimits.phone },
  subject: { maxLength: contactLimits.subject },
} satisfies Record<string, ComponentProps<"input">>;

/** What every field drawn by its own part is given: its value and its refusal. */
export interface FieldState {
  bind: (field: keyof QuoteForm) => object;
  /** The server's messages per field from the last refusal. */
  errors: Record<string, string[]>;
}

/** One of SPEC §3's written fields, labelled and limited as content/quote-request.ts says. */
export function WrittenField({
  name,
  bind,
  errors,
  ...field
}: Omit<ComponentProps<typeof Field>, "label" | "errors" | "children"> &
  FieldState & { name: keyof typeof writtenInputs }) {
  return (
    <QuoteField label={contactLabels[name]} errors={errors[name]} {...field}>
      {(control) => (
        <input
          {...control}
          type="text"
          required={field.required}
          {...writtenInputs[name]}
          {...bind(name)}
          className={inputClass}
        />
      )}
    </QuoteField>
  );
}

/** How a written detail's input takes it (content/quote-fields.ts): a number's keyboard and range. */
export const detailInput = (field: TextDetail | NumberDetail): ComponentProps<"input"> =>
  field.kind === "number"
    ? { type: "number", inputMode: "numeric", min: field.min, max: field.max }
    : { ...field.input };

/**
 * One of the quote's optional details as content/quote-fields.ts describes it: a list, its
 * first option answering nothing, or an input.
 */
export function DetailField({
  field,
  bind,
  errors,
}: FieldState & { field: (typeof quoteFields)[number] }) {
  return (
    <QuoteField label={field.label} errors={errors[field.name]}>
      {(control) =>
        field.kind === "choice" ? (
          <select {...control} {...bind(field.name)} className={inputClass}>
            <option value="">{field.none}</option>
            <ChoiceOptions choices={listed(field)} />
          </select>
        ) : (
          <input
            {...control}
            type="text"
            required={undefined}
            {...detailInput(field)}
            {...bind(field.name)}
            className={inputClass}
          />
        )
      }
    </QuoteField>
  );
}

/** A list's own choices; the services come grouped from the loader (`serviceGroups`). */
export const listed = (field: ChoiceDetail) => (field.choices === "services" ? [] : field.choices);

/** The service, drawn first, its choices grouped by the catalogue's categories. */
export const service = quoteField("service");

export function ChoiceOptions({ choices }: { choices: readonly Choice[] }) {
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value}>
      {choice.label}
    </option>
  ));
}

export const inputClass =
  "mt-1 block min-h-11 w-full rounded-md border border-ink/30 bg-white px-3 text-ink shadow-sm focus:border-ink";

/**
 * Near the limit, how much room a long text has left. The box takes more than the limit (a
 * pasted text is never cut short without a word) and the server's refusal says the rest.
 */
export function lengthLeft(text: string, limit: number): string | undefined {
  const left = limit - text.length;
  if (left > limit / 10) return undefined;
  if (left >= 0) return left === 1 ? "Te queda 1 carácter." : `Te quedan ${left} caracteres.`;
  return left === -1
    ? "Sobra 1 carácter: acórtalo un poco."
    : `Sobran ${-left} caracteres: acórtalo un poco.`;
}

/** The quote form marks its optional fields rather than its required ones: most are optional. */
export function QuoteField(props: ComponentProps<typeof Field>) {
  return <Field markOptional {...props} />;
}
