/**
 * Bidirectional controls: invisible characters that change the order in which the text after
 * them is shown. One list for the mails that fence them in (decision 160) and the names that
 * drop them (the same decision).
 */

/** Embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069): they reorder what follows. */
export const bidiControl = /[\u202a-\u202e\u2066-\u2069]/;
export const bidiControls = new RegExp(bidiControl.source, "g");

/**
 * Those and the direction marks (U+200E LEFT-TO-RIGHT MARK, U+200F RIGHT-TO-LEFT MARK, U+061C
 * ARABIC LETTER MARK), which move a name's neutral parts (spaces, brackets, digits) around.
 * Nobody needs one in a name: a right-to-left name shows right to left by its own letters.
 */
const nameBidiControls = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

/** A person's name without any bidirectional control: it shows as it was typed, in order. */
export const withoutBidiControls = (name: string): string => name.replace(nameBidiControls, "");
