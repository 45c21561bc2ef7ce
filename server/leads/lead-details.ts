import { type Choice, choiceLabel, quoteLabels } from "../../content/quote-request.ts";
import { type QuoteDetails, quoteChoices } from "./quote-details.ts";

const choicesOf: Partial<Record<keyof QuoteDetails, readonly Choice[]>> = quoteChoices;

/** The details a visitor gave, as label and Spanish value, in the form's order; blanks left out. */
export function quoteDetailLines(details: QuoteDetails): { label: string; value: string }[] {
  return Object.entries(quoteLabels).flatMap(([key, label]) => {
    const name = key as keyof QuoteDetails;
    const value = details[name];
    const choices = choicesOf[name];
    if (value === undefined || value === null || value === "") return [];
    if (name === "surface_m2") return [{ label, value: `${value} m²` }];
    return [{ label, value: choices ? choiceLabel(choices, String(value)) : String(value) }];
  });
}
