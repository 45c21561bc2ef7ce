/**
 * The details of a quote request (issue 12), described once (decision 240). Every one is
 * optional: SPEC §7's five fields alone still make a valid request. This list drives
 *
 * - the database column (server/db/schema.ts): a `number` is an integer, the others text;
 * - the server's checks (server/leads/quote-details.ts builds the zod schema from it);
 * - the admin (server/admin/resources/contacts.ts): each detail's title and choices;
 * - the CSV and .xlsx exports: a column per detail that staff see, headed by its label, its
 *   cells text, or numbers for a `number` (the database column's type);
 * - the mails' detail lines (content/quote-details.ts), in this order;
 * - the /contact form (app/quote/): the service first, the rest under «Sobre la obra».
 *
 * What only the server uses of a detail (its checks' own words, the unit the mails write, whether
 * it is personal data) is in `quoteFieldRules`, below, so that /contact's script does not carry it.
 * A new optional detail is one entry here (and its rules, if it has any) plus the migration that
 * adds its column (docs/adding-a-screen.md, "Add a quote field"). The labels are the marketer's
 * to change; the names and choice values are stored and are not.
 */
import { company } from "./company";
import type { Choice } from "./quote-request";

/** What every detail says of itself. */
interface Detail {
  /** The column and the API's field. */
  name: string;
  /** One label, one place (issue 11): the form, its messages, the mails, the admin, the CSV. */
  label: string;
  /** False: kept for the record, but the admin (and so its exports) leaves it out. */
  staff?: false;
}

/**
 * One of a fixed list, answered with its value; "services" is the catalogue's
 * (content/service-choices.ts), which the form gets from its loader rather than its script.
 */
export interface ChoiceDetail extends Detail {
  kind: "choice";
  choices: readonly Choice[] | "services";
  /** The form's first option, which answers nothing. */
  none: string;
}

/** A short text (checked as its rules say). */
export interface TextDetail extends Detail {
  kind: "text";
  /** The form's input: the browser's keyboard, autofill and length. */
  input?: { inputMode?: "numeric"; autoComplete?: string; maxLength?: number };
}

/** A whole number from `min` to `max` (its rules say the messages). */
export interface NumberDetail extends Detail {
  kind: "number";
  min: number;
  max: number;
}

export type QuoteField = ChoiceDetail | TextDetail | NumberDetail;

/** What only the server uses of a detail (`quoteFieldRules`). */
export interface DetailRules {
  /** Personal data: the retention sweep erases it with the name and the message (decision 179). */
  personal?: true;
  /** A text's most characters, said in the admin forms' words. */
  max?: number;
  /** A text's form, with what is said when it is not met. */
  pattern?: { regex: RegExp; message: string };
  /** Said when the API sends a text detail something other than a text. */
  notText?: string;
  /** A number's messages: not a whole number, under `min`, over `max`. */
  messages?: { notWhole: string; min: string; max: string };
  /** Written after a number in the mails. */
  unit?: string;
}

export const quoteFields = [
  {
    name: "service",
    label: "Servicio",
    kind: "choice",
    choices: "services",
    none: "Elige un servicio",
  },
  {
    // The answers to the chosen service's question (service-questions.ts; decision 265), kept
    // as `question:choice|choice`; the form draws them as choices, not as this text.
    name: "job_answers",
    label: "Sobre el trabajo",
    kind: "text",
    input: { maxLength: 300 },
  },
  {
    name: "area",
    label: "Provincia o ciudad",
    kind: "choice",
    // Where the company works (content/company.ts), plus anywhere else to be looked at.
    choices: [
      ...company.areasServed.map((area) => ({ value: area, label: area })),
      { value: "otra", label: "Otra zona" },
    ],
    none: "Elige una zona",
  },
  {
    name: "postcode",
    label: "Código postal",
    kind: "text",
    input: { inputMode: "numeric", autoComplete: "postal-code", maxLength: 5 },
  },
  {
    name: "property_type",
    label: "Tipo de inmueble",
    kind: "choice",
    choices: [
      { value: "piso", label: "Piso" },
      { value: "casa", label: "Casa o chalet" },
      { value: "local", label: "Local comercial" },
      { value: "hotel", label: "Hotel o apartamentos turísticos" },
      { value: "edificio", label: "Edificio" },
      { value: "otro", label: "Otro" },
    ],
    none: "Elige un tipo",
  },
  {
    name: "surface_m2",
    label: "Metros cuadrados aproximados",
    kind: "number",
    min: 1,
    max: 100_000,
  },
  {
    name: "budget",
    label: "Presupuesto aproximado",
    kind: "choice",
    choices: [
      { value: "hasta-15000", label: "Hasta 15.000 €" },
      { value: "15000-30000", label: "De 15.000 a 30.000 €" },
      { value: "30000-60000", label: "De 30.000 a 60.000 €" },
      { value: "60000-120000", label: "De 60.000 a 120.000 €" },
      { value: "mas-120000", label: "Más de 120.000 €" },
      { value: "sin-definir", label: "Aún no lo sé" },
    ],
    none: "Elige un margen",
  },
  {
    name: "start_window",
    label: "Cuándo quieres empezar",
    kind: "choice",
    choices: [
      { value: "cuanto-antes", label: "Cuanto antes" },
      { value: "1-3-meses", label: "En 1 a 3 meses" },
      { value: "3-6-meses", label: "En 3 a 6 meses" },
      { value: "mas-adelante", label: "Más adelante" },
    ],
    none: "Elige un plazo",
  },
  {
    name: "contact_channel",
    label: "Cómo prefieres que te contactemos",
    kind: "choice",
    choices: [
      { value: "telefono", label: "Por teléfono" },
      { value: "email", label: "Por correo electrónico" },
      { value: "whatsapp", label: "Por WhatsApp" },
    ],
    none: "Me da igual",
  },
  {
    name: "contact_time",
    label: "Cuándo prefieres que te contactemos",
    kind: "choice",
    // Within the office's hours (content/company.ts officeHours: Monday to Friday, 8:00 to 18:00).
    choices: [
      { value: "manana", label: "Por la mañana (8 a 14 h)" },
      { value: "tarde", label: "Por la tarde (14 a 18 h)" },
      { value: "cualquiera", label: "A cualquier hora" },
    ],
    none: "Elige una franja",
  },
] as const satisfies readonly QuoteField[];

/**
 * What only the server uses of the details that need more than their kind's defaults: the API's
 * checks and their words (server/leads/quote-details.ts), the mails' unit, the erasure's reach.
 * Apart from `quoteFields` so that /contact's script, which draws the form from that list, does
 * not carry it (as photoCostMessages, decision 203).
 */
export const quoteFieldRules: Partial<Record<QuoteFieldName, DetailRules>> = {
  postcode: {
    personal: true,
    pattern: {
      regex: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
      message: "Escribe un código postal español de 5 cifras.",
    },
    notText: "Escribe el código postal con sus 5 cifras.",
  },
  surface_m2: {
    unit: "m²",
    messages: {
      notWhole: "Escribe los metros cuadrados como un número entero.",
      min: "Los metros cuadrados deben ser al menos 1.",
      max: "Los metros cuadrados no pueden pasar de 100.000.",
    },
  },
  job_answers: { max: 300 },
  contact_channel: { personal: true },
  contact_time: { personal: true },
};

/** A detail's rules, in `rules` (the real ones unless a test adds a detail). */
export const rulesOf = (
  field: QuoteField,
  rules: Partial<Record<string, DetailRules>> = quoteFieldRules,
): DetailRules => rules[field.name] ?? {};

type Described = (typeof quoteFields)[number];

export type QuoteFieldName = Described["name"];

/** The details answered from a list. */
export type ChoiceFieldName = Extract<Described, { kind: "choice" }>["name"];

/** A request's details as the server keeps them: a number for a `number`, else its text. */
export type QuoteDetails = {
  [F in Described as F["name"]]?: F extends { kind: "number" } ? number : string;
};

/** A detail by its name. */
export const quoteField = <Name extends QuoteFieldName>(name: Name) =>
  quoteFields.find((field) => field.name === name) as Extract<Described, { name: Name }>;
