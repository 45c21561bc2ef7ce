/**
 * Company facts shown in the header, footer, legal pages, team page and JSON-LD.
 * Staff change them in the admin («Empresa», decision 245); what is here is a first install's
 * record, shown until the first save.
 */
import { provinceByName } from "./provinces";

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

/**
 * Stand-ins a real company may well share (its registry, an inscription «1.ª», a city, a
 * postcode of Valencia, a founding year): never a reason on their own to say the record is
 * unfinished, neither in the admin's checklist nor in the start-up warning.
 */
export const plausiblePlaceholders: ReadonlySet<string> = new Set([
  "registry.office",
  "registry.inscription",
  "address.city",
  "address.postalCode",
  "foundedYear",
]);

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
} as const;

export type Company = typeof company;

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

const listInWords = new Intl.ListFormat("es");

/** A list as a sentence says it: "Madrid, Barcelona, Valencia y Alicante". */
export const inWords = (items: readonly string[]): string => listInWords.format(items);

/** One office of the company: where visitors find it and its map. */
export interface Office {
  street: string;
  /** Five digits, starting with its province's two (content/provinces.ts). */
  postalCode: string;
  city: string;
  /** A province's name from content/provinces.ts. */
  province: string;
  lat: number;
  lng: number;
  phone: string;
  /** Opening hours as a visitor reads them («De lunes a viernes, de 8:00 a 18:00»). */
  hours: string;
}

/**
 * The company record staff edit in the admin («Empresa», decision 245). Until it is first
 * saved, the site shows `defaultCompanyRecord`, made from `company` above.
 */
export interface CompanyRecord {
  name: string;
  legalName: string;
  nif: string;
  registry: { office: string; tomo: string; folio: string; hoja: string; inscription: string };
  /** The first is the registered office: the legal notice, the map and the business data. */
  offices: Office[];
  phone: string;
  /** Digits only, with the country code; "" when the company has no WhatsApp (no link shown). */
  whatsapp: string;
  email: string;
  social: { name: string; url: string }[];
  areasServed: string[];
  /** What the company guarantees («2 años en mano de obra…»); "" shows nothing. */
  warranty: string;
  /** Civil liability insurance; an empty insurer shows nothing. */
  insurance: { insurer: string; cover: string };
  certifications: string[];
  foundedYear: number;
}

/** The company's facts as every page, mail and JSON-LD read them (content/site-content.ts). */
export interface CompanyFacts extends CompanyRecord {
  /** The first office's address, with its autonomous community. */
  address: { street: string; postalCode: string; city: string; region: string; country: string };
  /** `tel:+34…` of the main phone. */
  phoneHref: string;
  /** The first office on the map. */
  map: { lat: number; lng: number; embedUrl: string };
  /** The years «Más de N años» may claim, counted from `foundedYear` (`yearsOfExperience`). */
  yearsOfExperience: number;
}

export const defaultCompanyRecord: CompanyRecord = {
  name: company.name,
  legalName: company.legalName,
  nif: company.nif,
  registry: { ...company.registry },
  offices: [
    {
      street: company.address.street,
      postalCode: company.address.postalCode,
      city: company.address.city,
      province: "Valencia",
      lat: company.map.lat,
      lng: company.map.lng,
      phone: company.phone,
      hours: officeHours.text,
    },
  ],
  phone: company.phone,
  whatsapp: company.whatsapp,
  email: company.email,
  social: company.social.map((link) => ({ ...link })),
  areasServed: [...company.areasServed],
  warranty: "",
  insurance: { insurer: "", cover: "" },
  certifications: [],
  foundedYear: company.foundedYear,
};

/** `tel:` link of a Spanish phone as written («960 000 000» → tel:+34960000000). */
export function phoneHrefOf(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("+") ? digits : `+34${digits}`}`;
}

/** OpenStreetMap's embedded map around a point, with its marker. */
export function mapEmbedUrl(lat: number, lng: number): string {
  const box = [lng - 0.01, lat - 0.005, lng + 0.01, lat + 0.005].map((n) => n.toFixed(4));
  return `https://www.openstreetmap.org/export/embed.html?bbox=${box.join("%2C")}&layer=mapnik&marker=${lat}%2C${lng}`;
}

/** What the pages read, from the record staff saved (or the defaults). */
export function companyFacts(record: CompanyRecord): CompanyFacts {
  const main = record.offices[0] ?? defaultCompanyRecord.offices[0];
  if (!main) throw new Error("the company has no office");
  const atDefault = main.lat === company.map.lat && main.lng === company.map.lng;
  return {
    ...record,
    address: {
      street: main.street,
      postalCode: main.postalCode,
      city: main.city,
      region: provinceByName(main.province)?.region ?? "",
      country: "España",
    },
    phoneHref: phoneHrefOf(record.phone),
    map: {
      lat: main.lat,
      lng: main.lng,
      embedUrl: atDefault ? company.map.embedUrl : mapEmbedUrl(main.lat, main.lng),
    },
    yearsOfExperience: yearsOfExperience(record.foundedYear),
  };
}

/**
 * The years a company founded in `foundedYear` may claim as «más de N años» on any day of this
 * year: the years between its founding year's end and this year's start (founded in 2010: 15
 * in 2026, SPEC's «over 15 years»). Counted when the published facts are read: at start and at
 * every publish.
 */
export function yearsOfExperience(foundedYear: number, today = new Date()): number {
  return Math.max(0, today.getFullYear() - foundedYear - 1);
}

/**
 * «Más de 15 años», «Más de un año», or "" for a company that cannot claim a whole year: each
 * text that says how long the company has worked says it with this (lowercased within a
 * sentence), or leaves it out.
 */
export function moreThanYears(years: number): string {
  if (years >= 2) return `Más de ${years} años`;
  return years === 1 ? "Más de un año" : "";
}

/**
 * What staff read for each placeholder still published (the admin home's checklist; the
 * start-up warning lists the same fields by path).
 */
export const placeholderLabels: Record<string, string> = {
  legalName: "Razón social",
  nif: "NIF/CIF",
  registry: "Datos del Registro Mercantil",
  address: "Dirección de la oficina principal",
  phone: "Teléfono principal",
  phoneHref: "Teléfono principal",
  whatsapp: "WhatsApp",
  email: "Correo electrónico",
  social: "Redes sociales",
  map: "Ubicación en el mapa",
  foundedYear: "Año de fundación",
};

/** What the site shows before staff first save the record. */
export const defaultCompanyFacts: CompanyFacts = /* @__PURE__ */ companyFacts(defaultCompanyRecord);
