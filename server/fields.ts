import { z } from "zod";
import { withoutBidiControls } from "./bidi.ts";
import type { Database } from "./db/client.ts";
import { controlCharacterMessage, hasControlCharacter } from "./validation.ts";

/** SPEC §3: the field types the admin forms know how to draw. */
export type FieldType =
  | "text"
  | "email"
  | "number"
  | "decimal"
  | "selector"
  | "checkbox"
  | "multi-selector"
  | "textarea"
  | "hidden"
  // Additions (decision 249): a site photo, and a project's ordered photos.
  | "photo"
  | "photos";

/** One choice of a selector or multi-selector. */
export interface Option {
  id: number;
  title: string;
}

/**
 * A selector's choices. Given the staff member a form is drawn for (`viewer`), the ones they
 * may choose; without one, every value the field accepts (a submitted value is checked against
 * these, and who may choose what is then the resource's authorizeChange, with its own message).
 */
export type Options = (db: Database, viewer?: { roles: { name: string }[] }) => Promise<Option[]>;

/**
 * One form field of an admin resource: how it is drawn (type, title, blank value) and how a
 * submitted value is checked and converted (zod, Spanish messages).
 */
export interface Field<T = unknown> {
  type: FieldType;
  title: string;
  /** The value of a blank form: "" for texts, false for checkboxes, [] or null otherwise. */
  blank: unknown;
  /** Checks and converts the submitted value on create. */
  input: z.ZodType<T>;
  /** On update, when it differs from `input` (a password left empty keeps the old one). */
  updateInput?: z.ZodType;
  /** Choices of a selector; also the only values it accepts. */
  options?: Options;
  /** Never sent back in an edit form (passwords). */
  writeOnly?: boolean;
}

export const fieldMessages = {
  required: (title: string) => `El campo «${title}» es obligatorio.`,
  text: (title: string) => `El campo «${title}» debe ser un texto.`,
  maxLength: (title: string, max: number) =>
    `El campo «${title}» no puede tener más de ${max} caracteres.`,
  email: (title: string) => `El campo «${title}» debe ser un correo electrónico válido.`,
  number: (title: string) => `El campo «${title}» debe ser un número.`,
  integer: (title: string) => `El campo «${title}» debe ser un número entero.`,
  decimals: (title: string) => `El campo «${title}» admite como máximo 2 decimales.`,
  min: (title: string, min: number) => `El campo «${title}» debe ser como mínimo ${min}.`,
  max: (title: string, max: number) => `El campo «${title}» debe ser como máximo ${max}.`,
  boolean: (title: string) => `El campo «${title}» debe ser sí o no.`,
  option: (title: string) => `El valor elegido en «${title}» no es válido.`,
  options: (title: string) => `Los valores elegidos en «${title}» deben ser una lista.`,
  controlCharacters: controlCharacterMessage,
};

/**
 * Nothing a reader would see: only spaces of any kind and format characters (zero-width space
 * and joiners, word joiner, BOM, soft hyphen, direction marks): a required field holding only
 * these is as empty as a blank one (decision 078).
 */
const invisibleOnly = /^[\s\p{Cf}]*$/u;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && invisibleOnly.test(value));

/** Blank values become undefined, so "required" and "optional" are decided in one place. */
const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);

/** Numbers may arrive as numbers or as the text of an <input type="number">. */
const toNumber = (value: unknown) => {
  if (isBlank(value)) return undefined;
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
};

/** Required: missing answers the "required" message; optional: missing becomes null. */
function presence<T>(
  schema: z.ZodType<T>,
  normalize: (value: unknown) => unknown,
  required: boolean | undefined,
): z.ZodType<T | null> {
  return z
    .preprocess(normalize, required ? schema : schema.optional())
    .transform((value) => (value === undefined ? null : value));
}

const stringSchema = (title: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? fieldMessages.required(title) : fieldMessages.text(title),
    })
    .refine((value) => !hasControlCharacter(value), {
      message: fieldMessages.controlCharacters(title),
      abort: true,
    });

interface TextOptions {
  required?: boolean;
  max?: number;
  /** Rules the text must meet, each with its message: the first one it fails is reported. */
  patterns?: readonly { regex: RegExp; message: string }[];
  /**
   * A person's name: bidirectional controls are dropped, so that no name can show as another
   * («Ana \u202EztiuR» read «Ana Ruitz» in staff's lists; decision 160).
   */
  personName?: boolean;
}

/**
 * One line of text: line breaks and tabs are folded into spaces (line breaks could forge mail
 * headers); any other control character is refused.
 */
export function text(title: string, options: TextOptions & { required: true }): Field<string>;
export function text(title: string, options?: TextOptions): Field<string | null>;
export function text(title: string, options: TextOptions = {}): Field<string | null> {
  let schema = stringSchema(title);
  if (options.max) schema = schema.max(options.max, fieldMessages.maxLength(title, options.max));
  for (const { regex, message } of options.patterns ?? [])
    schema = schema.regex(regex, { message, abort: true });
  const fold = (value: string) => value.replace(/[\t\r\n]+/g, " ");
  const clean = options.personName ? (value: string) => withoutBidiControls(fold(value)) : fold;
  const normalize = (value: unknown) =>
    blankToUndefined(typeof value === "string" ? clean(value).trim() : value);
  return { type: "text", title, blank: "", input: presence(schema, normalize, options.required) };
}

/** Several lines of text: tabs stay, line endings are normalised to \n. */
export function textarea(title: string, options: { required: true; max?: number }): Field<string>;
export function textarea(title: string, options?: { max?: number }): Field<string | null>;
export function textarea(
  title: string,
  options: { required?: boolean; max?: number } = {},
): Field<string | null> {
  let schema = stringSchema(title);
  if (options.max) schema = schema.max(options.max, fieldMessages.maxLength(title, options.max));
  const normalize = (value: unknown) =>
    blankToUndefined(typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : value);
  return {
    type: "textarea",
    title,
    blank: "",
    input: presence(schema, normalize, options.required),
  };
}

/** An e-mail address, stored trimmed and lower-cased (uniqueness ignores letter case). */
export function email(title: string, options: { required: true }): Field<string>;
export function email(title: string, options?: { required?: false }): Field<string | null>;
export function email(title: string, options: { required?: boolean } = {}): Field<string | null> {
  const schema = z
    .email({
      error: (issue) =>
        issue.input === undefined ? fieldMessages.required(title) : fieldMessages.email(title),
    })
    .max(254, fieldMessages.maxLength(title, 254));
  const normalize = (value: unknown) =>
    blankToUndefined(typeof value === "string" ? value.trim().toLowerCase() : value);
  return { type: "email", title, blank: "", input: presence(schema, normalize, options.required) };
}

interface NumberOptions {
  required?: boolean;
  min?: number;
  max?: number;
}

const numberSchema = (title: string, options: NumberOptions) => {
  let schema = z.number({
    error: (issue) =>
      issue.input === undefined ? fieldMessages.required(title) : fieldMessages.number(title),
  });
  if (options.min !== undefined)
    schema = schema.min(options.min, fieldMessages.min(title, options.min));
  if (options.max !== undefined)
    schema = schema.max(options.max, fieldMessages.max(title, options.max));
  return schema;
};

/** A whole number. */
export function number(title: string, options: NumberOptions = {}): Field {
  const schema = numberSchema(title, options).int(fieldMessages.integer(title));
  return {
    type: "number",
    title,
    blank: null,
    input: presence(schema, toNumber, options.required),
  };
}

/** A number with at most two decimals (prices, areas). */
export function decimal(title: string, options: NumberOptions = {}): Field {
  const schema = numberSchema(title, options).refine(
    (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    fieldMessages.decimals(title),
  );
  return {
    type: "decimal",
    title,
    blank: null,
    input: presence(schema, toNumber, options.required),
  };
}

/** Yes or no; a missing value is no. */
export function checkbox(title: string): Field {
  const truthy = new Set([true, "true", "1", 1, "on"]);
  const falsy = new Set([false, "false", "0", 0, "off"]);
  const normalize = (value: unknown) =>
    isBlank(value) || falsy.has(value as never) ? false : truthy.has(value as never) ? true : value;
  const input = z.preprocess(normalize, z.boolean({ error: () => fieldMessages.boolean(title) }));
  return { type: "checkbox", title, blank: false, input };
}

const idSchema = (title: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? fieldMessages.required(title) : fieldMessages.option(title),
    })
    .int(fieldMessages.option(title));

/** One choice among `options` (loaded when the form is drawn and when a value is checked). */
export function selector(
  title: string,
  options: Options,
  settings: { required?: boolean } = {},
): Field {
  return {
    type: "selector",
    title,
    blank: null,
    input: presence(idSchema(title), toNumber, settings.required),
    options,
  };
}

/** Any number of choices among `options`; stored as a list of ids without repeats. */
export function multiSelector(title: string, options: Options): Field {
  const input = z.preprocess(
    (value) => (isBlank(value) ? [] : value),
    z
      .array(z.preprocess(toNumber, idSchema(title)), {
        error: () => fieldMessages.options(title),
      })
      .transform((ids) => [...new Set(ids)]),
  );
  return { type: "multi-selector", title, blank: [], input, options };
}

/** The id of the record being edited: shown in edit forms only, never editable. */
export function hidden(title: string): Field {
  const schema = z
    .number({
      error: (issue) =>
        issue.input === undefined ? fieldMessages.required(title) : fieldMessages.integer(title),
    })
    .int(fieldMessages.integer(title))
    .positive(fieldMessages.integer(title));
  return { type: "hidden", title, blank: null, input: presence(schema, toNumber, true) };
}

/** Replaces how a field is checked (e.g. the password policy) while keeping how it is drawn. */
export function withInput(
  field: Field,
  input: { create: z.ZodType; update?: z.ZodType; writeOnly?: boolean },
): Field {
  return {
    ...field,
    input: input.create,
    updateInput: input.update,
    writeOnly: input.writeOnly ?? field.writeOnly,
  };
}
