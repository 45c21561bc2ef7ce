// What the step-by-step form sends (decision 266): SPEC §7's five fields made from the answers.
// The visitor never types a subject, writes one «Teléfono o correo», and may leave the message.

import { answersRead, type ServiceQuestion } from "../../content/job-answers";
import { quoteFields } from "../../content/quote-fields";
import { type Choice, choiceLabel, contactLimits } from "../../content/quote-request";
import { reachField } from "../../content/quote-steps";
import { listed } from "./fields";
import type { QuoteForm } from "./form-values";

/** An e-mail address, told from a phone number by its «@». */
export const isEmail = (reach: string) => reach.includes("@");

/** The subject staff read in the inbox: the service, and where. */
export function subjectFrom(values: QuoteForm, service: Choice | undefined): string {
  const job = service?.label ?? reachField.noService;
  const area = values.area && values.area !== "otra" ? ` en ${values.area}` : "";
  const postcode = !area && values.postcode ? ` (CP ${values.postcode.trim()})` : "";
  return `${job}${area}${postcode}`.slice(0, contactLimits.subject);
}

/**
 * The answers about the job, a line each and as the visitor read them, for a visitor who wrote
 * no message: the service's own question with its choices, then each detail by its label.
 */
export function messageFrom(values: QuoteForm, question?: ServiceQuestion): string {
  const lines = quoteFields.flatMap((field) => {
    const value = values[field.name]?.trim();
    if (!value || field.name === "service") return [];
    if (field.name === "job_answers") return [answersRead(value, question)];
    const shown = field.kind === "choice" ? choiceLabel(listed(field), value) : value;
    return [`${field.label}: ${shown}`];
  });
  return lines.length ? lines.join("\n") : "Sin más detalles por ahora.";
}

/** The request as the API takes it: the one contact field split into e-mail or phone. */
export function requestFromAnswers(
  values: QuoteForm,
  service: Choice | undefined,
  question?: ServiceQuestion,
) {
  const { reach, consent: _, ...fields } = values;
  const contact = reach.trim();
  return {
    ...fields,
    email: isEmail(contact) ? contact : "",
    phone: isEmail(contact) ? "" : contact,
    subject: subjectFrom(values, service),
    message: fields.message.trim() || messageFrom(values, question),
  };
}

/** The fields as the plain form (before the script, decision 162) sends them. */
export function plainRequest(values: QuoteForm) {
  const { reach: _, consent: __, ...fields } = values;
  return fields;
}
