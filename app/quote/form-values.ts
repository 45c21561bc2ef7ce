// What the quote form holds: its fields, a draft's share of them, and what the page gives it
// before its script runs (decision 172, 182).
import { type QuoteFieldName, quoteFields } from "../../content/quote-fields";
import type { Choice } from "../../content/quote-request";

/** What the form sends: SPEC §3's five fields and the quote's optional details (issue 12). */
export const empty = {
  name: "",
  email: "",
  phone: "",
  subject: "",
  message: "",
  // The quote's details (content/quote-fields.ts), in its order.
  ...(Object.fromEntries(quoteFields.map((field) => [field.name, ""])) as Record<
    QuoteFieldName,
    string
  >),
  // The step-by-step form's one «Teléfono o correo» (decision 266), sent as `email` or `phone`.
  reach: "",
  // Its consent box, "si" once ticked: asked again after a reload, never sent.
  consent: "",
  // Left empty by people: a robot fills every field (decision 130).
  website: "",
};

export type QuoteForm = typeof empty;

const notKept = ["website", "consent"];

/** The fields a draft keeps and gives back (decision 172): never the robots' field, nor consent. */
export function draftFields(values: Record<string, unknown>): Partial<QuoteForm> {
  return Object.fromEntries(
    Object.keys(empty)
      .filter((name) => !notKept.includes(name) && typeof values[name] === "string" && values[name])
      .map((name) => [name, values[name]]),
  );
}

/**
 * The form with the service a link chose (`?servicio=`, a service page's "Pide presupuesto"), if
 * it names one. Its name starts the subject too, which the visitor may rewrite.
 */
export function withService(values: QuoteForm, choice: Choice | undefined): QuoteForm {
  return choice
    ? { ...values, service: choice.value, subject: values.subject || choice.label }
    : values;
}

/** The fields the browser holds otherwise than `rendered`, or nothing if all are as rendered. */
export function writtenBeforeHydration(
  form: HTMLFormElement | null,
  rendered: QuoteForm,
): Partial<QuoteForm> | undefined {
  if (!form) return undefined;
  const typed = Object.fromEntries(
    Object.keys(empty).flatMap((name) => {
      const control = form.elements.namedItem(name) as { value?: unknown } | null;
      return typeof control?.value === "string" &&
        control.value !== rendered[name as keyof QuoteForm]
        ? [[name, control.value]]
        : [];
    }),
  );
  return Object.keys(typed).length ? typed : undefined;
}

/** When the pre-rendered page was first painted, on the page's clock (decision 153). */
export const firstPaint = () => performance.getEntriesByType("paint")[0]?.startTime ?? 0;

/** Where the visitor starts again after the form is emptied or the thanks are put away. */
export const focusFirstField = (form: HTMLFormElement | null) =>
  form?.querySelector<HTMLElement>("select, input, textarea")?.focus();
