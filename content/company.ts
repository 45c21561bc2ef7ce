/**
 * Company facts shown in the header, footer, legal pages, team page and JSON-LD.
 * This is the one place a marketer changes them.
 */

/**
 * Stand-ins for the company's real data, so that the site runs in development. Each value of
 * `company` that still equals its stand-in here is listed by a production start as a warning
 * (server/startup-lines.ts): the legal notice publishes them (LSSI-CE art. 10). Replace the value
 * in `company` below (e.g. `nif: "B12345678"`); leave this list as it is.
 */
export const placeholders = {
  legalName: "Obra Mediterránea Construcciones y Reformas, S.L.",
  nif: "B00000000",
  registry: {
    office: "Registro Mercantil de Valencia",
    tomo: "00000",
    folio: "000",
    hoja: "V-000000",
    inscription: "1.ª",
  },
  address: { street: "Calle de Colón, 1", postalCode: "46004", city: "Valencia" },
  phone: "960 000 000",
  phoneHref: "tel:+34960000000",
  /** WhatsApp number in international form, digits only (wa.me); "" hides the WhatsApp links. */
  whatsapp: "34600000000",
  email: "hola@obramediterranea.es",
  social: [
    { url: "https://www.instagram.com/obramediterranea" },
    { url: "https://www.facebook.com/obramediterranea" },
    { url: "https://www.linkedin.com/company/obramediterranea" },
  ],
  // Central Valencia, not the real office.
  map: {
    lat: 39.4699,
    lng: -0.3763,
    embedUrl:
      "https://www.openstreetmap.org/export/embed.html?bbox=-0.3863%2C39.4649%2C-0.3663%2C39.4749&layer=mapnik&marker=39.4699%2C-0.3763",
  },
  // The spec only says "more than 15 years".
  foundedYear: 2010,
} as const;

export const company = {
  name: "Obra Mediterránea",
  legalName: placeholders.legalName,
  nif: placeholders.nif,
  /** Registro Mercantil: the registry, then tomo, folio, hoja and inscripción. */
  registry: placeholders.registry,
  address: { ...placeholders.address, region: "Comunidad Valenciana", country: "España" },
  phone: placeholders.phone,
  phoneHref: placeholders.phoneHref,
  /** Digits only, with the country code; "" when the company has no WhatsApp (no link shown). */
  whatsapp: placeholders.whatsapp as string,
  email: placeholders.email,
  social: [
    { name: "Instagram", url: placeholders.social[0].url },
    { name: "Facebook", url: placeholders.social[1].url },
    { name: "LinkedIn", url: placeholders.social[2].url },
  ],
  map: placeholders.map,
  areasServed: ["Madrid", "Barcelona", "Valencia", "Alicante", "Cataluña", "Comunidad Valenciana"],
  foundedYear: placeholders.foundedYear,
  yearsOfExperience: 15,
} as const;

export type Company = typeof company;

/** The company's facts as the pages read them (content/site-content.ts). */
export type CompanyFacts = Company;

/**
 * When the office answers: the contact page says it, the home page's business data carries it
 * (schema.org days and 24-hour times).
 */
export const officeHours = {
  text: "De lunes a viernes, de 8:00 a 18:00",
  days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
  opens: "08:00",
  closes: "18:00",
} as const;

/** A list as a sentence says it: "Madrid, Barcelona, Valencia y Alicante". */
export const inWords = (items: readonly string[]): string =>
  new Intl.ListFormat("es").format(items);
