/**
 * Company facts shown in the header, footer, legal pages, team page and JSON-LD.
 * This is the one place a marketer changes them. Values marked PLACEHOLDER must be replaced with
 * the company's real data before going live (the legal notice publishes them, LSSI-CE art. 10).
 */
export const company = {
  name: "Obra Mediterránea",
  // PLACEHOLDER: real registered company name needed
  legalName: "Obra Mediterránea Construcciones y Reformas, S.L.",
  // PLACEHOLDER: real NIF needed
  nif: "B00000000",
  // PLACEHOLDER: real Registro Mercantil data needed (registry, tomo, folio, hoja, inscripción)
  registry: "Registro Mercantil de Valencia, Tomo 00000, Folio 000, Hoja V-000000, Inscripción 1.ª",
  address: {
    // PLACEHOLDER: real registered office address needed
    street: "Calle de Colón, 1",
    postalCode: "46004",
    city: "Valencia",
    region: "Comunidad Valenciana",
    country: "España",
  },
  // PLACEHOLDER: real phone number needed
  phone: "960 000 000",
  phoneHref: "tel:+34960000000",
  // PLACEHOLDER: real contact e-mail needed
  email: "hola@obramediterranea.es",
  // PLACEHOLDER: real social profile URLs needed
  social: [
    { name: "Instagram", url: "https://www.instagram.com/obramediterranea" },
    { name: "Facebook", url: "https://www.facebook.com/obramediterranea" },
    { name: "LinkedIn", url: "https://www.linkedin.com/company/obramediterranea" },
  ],
  map: {
    // PLACEHOLDER: coordinates of the real office (these point at central Valencia)
    lat: 39.4699,
    lng: -0.3763,
    embedUrl:
      "https://www.openstreetmap.org/export/embed.html?bbox=-0.3863%2C39.4649%2C-0.3663%2C39.4749&layer=mapnik&marker=39.4699%2C-0.3763",
  },
  areasServed: ["Madrid", "Barcelona", "Valencia", "Alicante", "Cataluña", "Comunidad Valenciana"],
  // PLACEHOLDER: real founding year needed (the spec only says "more than 15 years")
  foundedYear: 2010,
  yearsOfExperience: 15,
} as const;

export type Company = typeof company;
