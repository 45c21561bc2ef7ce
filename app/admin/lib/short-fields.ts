import { type AdminList, dateOf } from "./records";

/** Up to this many characters a value reads as a few words (a phone number, a role). */
const SHORT_TEXT = 20;

/**
 * Fields whose values are a few words on every record of the page: a choice's label (a lead's
 * service, area, budget), a date, Sí/No, a short text. Decided per field, not per record, so
 * cards line up.
 */
export function shortFieldsOf(list: AdminList): Set<string> {
  const short = new Set<string>();
  for (const field of Object.keys(list.parameter_titles)) {
    const values = list.data.data.map((record) => record[field]).filter((v) => v != null);
    const fewWords = (value: unknown) =>
      typeof value === "boolean" ||
      typeof value === "number" ||
      dateOf(value) !== undefined ||
      (typeof value === "string" && value.length <= SHORT_TEXT);
    if (list.value_titles?.[field] || (values.length > 0 && values.every(fewWords))) {
      short.add(field);
    }
  }
  return short;
}
