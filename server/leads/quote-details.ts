import { z } from "zod";
import {
  areaChoices,
  budgetRanges,
  type Choice,
  contactChannels,
  contactTimes,
  propertyTypes,
  quoteLabels,
  startWindows,
} from "../../content/quote-request.ts";
import { serviceChoices } from "../../content/service-choices.ts";

/** An empty field of a form is no answer; the API may also leave it out or send null. */
const blank = (value: unknown) => (value === "" || value === null ? undefined : value);

/** The details answered by picking from a list, and their lists. */
export const quoteChoices = {
  service: serviceChoices,
  area: areaChoices,
  property_type: propertyTypes,
  budget: budgetRanges,
  start_window: startWindows,
  contact_channel: contactChannels,
  contact_time: contactTimes,
} satisfies Record<string, readonly Choice[]>;

/** One of a list of content/quote-request.ts, named by its value. */
const choice = (title: string, choices: readonly Choice[]) =>
  z.preprocess(
    blank,
    z
      .string({ error: `Elige una opción de «${title}».` })
      .refine((value) => choices.some((c) => c.value === value), {
        message: `Elige una opción de la lista de «${title}».`,
      })
      .optional(),
  );

/**
 * The details of a quote request (issue 12; decision 130). Every one is optional, for the API
 * as for the visitor: SPEC §7's five fields alone still make a valid request.
 */
export const quoteDetails = {
  service: choice(quoteLabels.service, quoteChoices.service),
  area: choice(quoteLabels.area, quoteChoices.area),
  postcode: z.preprocess(
    blank,
    z
      .string({ error: "Escribe el código postal con sus 5 cifras." })
      .trim()
      .regex(/^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, "Escribe un código postal español de 5 cifras.")
      .optional(),
  ),
  property_type: choice(quoteLabels.property_type, quoteChoices.property_type),
  surface_m2: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : blank(value)),
    z
      .number({ error: "Escribe los metros cuadrados como un número entero." })
      .int("Escribe los metros cuadrados como un número entero.")
      .min(1, "Los metros cuadrados deben ser al menos 1.")
      .max(100_000, "Los metros cuadrados no pueden pasar de 100.000.")
      .optional(),
  ),
  budget: choice(quoteLabels.budget, quoteChoices.budget),
  start_window: choice(quoteLabels.start_window, quoteChoices.start_window),
  contact_channel: choice(quoteLabels.contact_channel, quoteChoices.contact_channel),
  contact_time: choice(quoteLabels.contact_time, quoteChoices.contact_time),
};

export type QuoteDetails = {
  [K in keyof typeof quoteDetails]?: z.infer<(typeof quoteDetails)[K]>;
};

/** The names of the details, in the order the notice and the confirmation list them. */
export const quoteDetailNames = Object.keys(quoteDetails) as (keyof QuoteDetails)[];
