import { accountLabels } from "./account-fields.ts";

/**
 * The names of the company record's fields (content/company.ts), the same on the admin's
 * «Empresa» form and in the API's 422 answers (issue 11, decision 150: one label, one place).
 * Only admin code imports this file (vite.config.ts keeps it out of the public pages' chunk).
 */
export const companyFieldLabels = {
  name: "Nombre comercial",
  legalName: "Razón social",
  nif: "NIF/CIF",
  foundedYear: "Año de fundación",
  registry: "Registro Mercantil",
  registryOffice: "Registro",
  tomo: "Tomo",
  folio: "Folio",
  hoja: "Hoja",
  inscription: "Inscripción",
  phone: "Teléfono principal",
  whatsapp: "WhatsApp",
  email: accountLabels.email,
  social: "Redes sociales",
  areasServed: "Zonas de servicio",
  street: "Dirección",
  postalCode: "Código postal",
  city: "Localidad",
  province: "Provincia",
  lat: "Latitud",
  lng: "Longitud",
  officePhone: "Teléfono de la oficina",
  hours: "Horario",
  warranty: "Garantía",
  insurer: "Aseguradora",
  cover: "Cobertura de la póliza",
  certifications: "Certificaciones",
} as const;

type Label = keyof typeof companyFieldLabels;
const labelOf = (key: string): string | undefined =>
  Object.hasOwn(companyFieldLabels, key) ? companyFieldLabels[key as Label] : undefined;

/** An office's name on the form: the first is the registered office. */
export const officeTitle = (index: number) =>
  index === 0 ? "Oficina principal" : `Oficina ${index + 1}`;

/**
 * A refused field's title as the form shows it, from the API's path of it («offices.1.lat» →
 * «Oficina 2 · Latitud», «social.0.url» → «Redes sociales»): a 422 names what staff read, not
 * the record's inner names.
 */
export function companyFieldTitle(path: string): string {
  const [top = "", second = "", third = ""] = path.split(".");
  if (top === "offices") {
    const field = third === "phone" ? "officePhone" : third;
    return [officeTitle(Number(second)), labelOf(field)].filter(Boolean).join(" · ");
  }
  if (top === "registry") return labelOf(second === "office" ? "registryOffice" : second) ?? path;
  if (top === "insurance") return labelOf(second === "insurer" ? "insurer" : "cover") ?? path;
  return labelOf(top) ?? path;
}
