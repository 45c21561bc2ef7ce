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
  tomo: "Tomo",
  folio: "Folio",
  hoja: "Hoja",
  inscription: "Inscripción",
  phone: "Teléfono principal",
  whatsapp: "WhatsApp",
  email: accountLabels.email,
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
} as const;
