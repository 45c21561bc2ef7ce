import type { ContentLink, Seo } from "../types";

/** One section of a legal page: a heading, paragraphs, an optional bullet list and table. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
  /** A table under the list, e.g. the cookie table (first row = column headings). */
  table?: { caption: string; columns: string[]; rows: string[][] };
  /** Links shown after the text, e.g. to another legal page or to the AEPD. */
  links?: ContentLink[];
}

export interface LegalDocument {
  path: string;
  title: string;
  /** Date of the last change, shown under the title (ISO, e.g. "2026-11-21"). */
  updated: string;
  intro: string;
  sections: LegalSection[];
  seo: Seo;
}
