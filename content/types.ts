/** What a search engine sees of a page: title (the company name is appended), description, keywords. */
export interface Seo {
  title: string;
  description: string;
  keywords: string[];
}

/** A link a visitor can follow, e.g. the call to action of a carousel slide. */
export interface ContentLink {
  text: string;
  url: string;
}
