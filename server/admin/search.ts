import { and, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { searchPattern } from "../accents.ts";

/**
 * How a list's `?q=` matches a row (issue 13; decision 141): every word must appear in one of
 * the searched fields, accents and letter case aside (server/accents.ts), and a word or the
 * whole term written as a phone number also finds the number however it was stored.
 */

/** Decision 078: a phone number has at least 6 digits (a Spanish one, 9). */
const MIN_PHONE_DIGITS = 6;

/**
 * A search term written as a phone number ("+34612345678", "0034 612-345-678", "612.345.678",
 * "(+34) 612 345 678"): its digits, as the stored numbers are compared (separators removed),
 * without a leading Spanish country code (+34 or 0034) when digits follow it. Undefined for
 * any other term (a word with a letter or another sign), which is searched only as text.
 */
export function phoneDigits(term: string): string | undefined {
  if (!/^[\d\s().+/-]+$/.test(term)) return;
  const digits = term.replace(/\D/g, "");
  if (!digits) return;
  const compact = term.replace(/[\s()]/g, "");
  const national = compact.startsWith("+34")
    ? digits.slice(2)
    : compact.startsWith("0034")
      ? digits.slice(4)
      : digits;
  return national || undefined;
}

/** The conditions a search for `q` (its `words`) puts on rows, over the `fields` searched. */
export function searchConditions(
  fields: readonly (PgColumn | SQL)[],
  q: string,
  words: readonly string[],
): SQL[] {
  const haystack = sql`concat_ws(' ', ${sql.join([...fields], sql`, `)})`;
  // A number is also found without its separators: "610100200" finds "+34 610 100 200".
  const digitsOnly = sql`concat_ws(' ', ${sql.join(
    fields.map((field) => sql`regexp_replace(${field}, '[[:space:]().+/-]', '', 'g')`),
    sql`, `,
  )})`;
  const inDigits = (digits: string) => sql`strpos(${digitsOnly}, ${digits}) > 0`;
  const byWord = words.map((word) => {
    const pattern = sql`${haystack} ~* ${searchPattern(word)}`;
    const digits = phoneDigits(word);
    return digits ? sql`(${pattern} or ${inDigits(digits)})` : pattern;
  });
  // A number typed in groups ("+34 612 345 678") is also one number.
  const whole = words.length > 1 ? phoneDigits(q) : undefined;
  if (whole && whole.length >= MIN_PHONE_DIGITS) {
    return [sql`((${and(...byWord)}) or ${inDigits(whole)})`];
  }
  return byWord;
}
