import { z } from "zod";
import { choicesOf } from "../../content/quote-details.ts";
import {
  type DetailRules,
  type QuoteDetails,
  type QuoteField,
  type QuoteFieldName,
  quoteFields,
  rulesOf,
} from "../../content/quote-fields.ts";
import { fieldMessages } from "../fields.ts";

export type { QuoteDetails };

/** An empty field of a form is no answer; the API may also leave it out or send null. */
const blank = (value: unknown) => (value === "" || value === null ? undefined : value);

/**
 * The check of one detail as content/quote-fields.ts describes it, in its rules' words or else
 * the admin forms' (server/fields.ts); every one is optional.
 */
function check(field: QuoteField, rules: DetailRules): z.ZodType {
  const title = field.label;
  if (field.kind === "choice") {
    const choices = choicesOf(field);
    return z.preprocess(
      blank,
      z
        .string({ error: `Elige una opción de «${title}».` })
        .refine((value) => choices.some((c) => c.value === value), {
          message: `Elige una opción de la lista de «${title}».`,
        })
        .optional(),
    );
  }
  if (field.kind === "number") {
    const { notWhole, min, max } = rules.messages ?? {
      notWhole: fieldMessages.integer(title),
      min: fieldMessages.min(title, field.min),
      max: fieldMessages.max(title, field.max),
    };
    return z.preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : blank(value)),
      z
        .number({ error: notWhole })
        .int(notWhole)
        .min(field.min, min)
        .max(field.max, max)
        .optional(),
    );
  }
  let text = z.string({ error: rules.notText ?? fieldMessages.text(title) }).trim();
  if (rules.max) text = text.max(rules.max, fieldMessages.maxLength(title, rules.max));
  if (rules.pattern) text = text.regex(rules.pattern.regex, rules.pattern.message);
  return z.preprocess(blank, text.optional());
}

/**
 * The checks of a request's details (issue 12; decision 130), one per field of `fields`. Every
 * one is optional, for the API as for the visitor: SPEC §7's five fields alone still make a
 * valid request.
 */
export const detailChecks = (
  fields: readonly QuoteField[],
  rules?: Partial<Record<string, DetailRules>>,
) => Object.fromEntries(fields.map((field) => [field.name, check(field, rulesOf(field, rules))]));

/** The details of content/quote-fields.ts, as the API's schema spreads them. */
export const quoteDetails = detailChecks(quoteFields) as {
  [Name in QuoteFieldName]: z.ZodType<QuoteDetails[Name]>;
};

/** The names of the details, in the order the notice and the confirmation list them. */
export const quoteDetailNames = quoteFields.map((field) => field.name) as QuoteFieldName[];
