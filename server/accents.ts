import { Column, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/**
 * Accent folding, one rule for the whole server (decision 213): to staff, "María" and "maria",
 * "Peña" and "pena" are the same word. In JavaScript it is Unicode's own decomposition (NFD)
 * with the combining marks taken off. In SQL, folding every row's text (normalize(), unaccent(),
 * translate()) made a search over 10,000 leads 5 to 40 times slower, so a search word's letters
 * become classes of their accented forms instead, and only a sorted column is translated. The
 * forms are the Latin-1 letters that fold to each letter, found with NFD, not typed by hand.
 */

/** What NFD splits off an accented letter: Unicode's combining diacritical marks. */
const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** `text` without its accents: "Íñigo" → "Inigo". */
export function foldAccents(text: string): string {
  return text.normalize("NFD").replace(COMBINING_MARKS, "");
}

/** Latin-1's accented letters (À to ÿ), each with the letter it folds to, in lower case. */
const accented = Array.from({ length: 0x40 }, (_, i) => String.fromCharCode(0xc0 + i))
  .map((form) => [form, foldAccents(form).toLowerCase()] as const)
  .filter(([form, base]) => /^[a-z]$/.test(base) && form.toLowerCase() !== base);

/** A letter with its lower-case accented forms ("a" → "aàáâãäå", "n" → "nñ"). */
const letterForms = new Map<string, string>();
for (const [form, base] of accented) {
  if (form === form.toLowerCase()) letterForms.set(base, (letterForms.get(base) ?? base) + form);
}

const REGEX_SPECIAL = /[\\^$.|?*+()[\]{}]/;

/**
 * A search word as a case-insensitive regular expression (`~*`) in which each letter also
 * matches its accented forms: "bano" and "baño" both find "Baños". Every other character is
 * literal. A regular expression rather than folding each row (see above; decision 141), and
 * neither database needs an extension for it.
 */
export function searchPattern(word: string): string {
  let pattern = "";
  for (const char of foldAccents(word.toLowerCase())) {
    const forms = letterForms.get(char);
    if (forms) pattern += `[${forms}]`;
    else pattern += REGEX_SPECIAL.test(char) ? `\\${char}` : char;
  }
  return pattern;
}

const foldFrom = accented.map(([form]) => form).join("");
const foldTo = accented.map(([, base]) => base).join("");

/**
 * A text column as it sorts for staff: letter case and accents aside, so "Álvaro" and "Íñigo"
 * sort among the A and the I, not after Z (the embedded database sorts by code point and may
 * have no ICU collation; the same folding as the search's letter classes, on both databases).
 * Any other expression is returned as it is.
 */
export function sortFolded<T extends PgColumn | SQL>(expression: T): T | SQL {
  if (!(expression instanceof Column) || expression.dataType !== "string") return expression;
  // translate() first, upper case included: lower() leaves "Á" as it is in the C locale.
  return sql`lower(translate(${expression}, ${foldFrom}, ${foldTo}))`;
}
