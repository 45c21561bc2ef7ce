/**
 * The details of a quote request as people read them (decision 240): each list's choices, the
 * services read from the catalogue, and the lines the mails list. Apart from quote-fields.ts
 * because it reads the whole catalogue (service-choices.ts), which the /contact form never
 * loads; the server and the mails read it (mail/ never imports leads/).
 */

import {
  type ChoiceFieldName,
  type DetailRules,
  type QuoteDetails,
  type QuoteField,
  quoteFields,
  rulesOf,
} from "./quote-fields";
import { type Choice, choiceLabel } from "./quote-request";
import { serviceChoices } from "./service-choices";
import { answersText } from "./service-questions";

/** A list detail's choices: its own, or the catalogue's services. */
export const choicesOf = (field: Extract<QuoteField, { kind: "choice" }>): readonly Choice[] =>
  field.choices === "services" ? serviceChoices : field.choices;

/** Every list detail's choices, by the detail's name. */
export const quoteChoices = Object.fromEntries(
  quoteFields.flatMap((field) => (field.kind === "choice" ? [[field.name, choicesOf(field)]] : [])),
) as Record<ChoiceFieldName, readonly Choice[]>;

/**
 * One detail's value as read: a choice by its label, a number with its unit, the answers to the
 * service's question as question and choices.
 */
function shown(
  field: QuoteField,
  { unit }: DetailRules,
  value: string | number,
  service: string | undefined,
): string {
  if (field.name === "job_answers") return answersText(String(value), service);
  if (field.kind === "choice") return choiceLabel(choicesOf(field), String(value));
  return unit ? `${value} ${unit}` : String(value);
}

/** The details a visitor gave, as label and Spanish value, in the form's order; blanks left out. */
export function quoteDetailLines(
  details: QuoteDetails,
  fields: readonly QuoteField[] = quoteFields,
  rules?: Partial<Record<string, DetailRules>>,
): { label: string; value: string }[] {
  return fields.flatMap((field) => {
    const value = (details as Record<string, string | number | null | undefined>)[field.name];
    if (value === undefined || value === null || value === "") return [];
    const service = (details as { service?: string | null }).service ?? undefined;
    return [{ label: field.label, value: shown(field, rulesOf(field, rules), value, service) }];
  });
}
