import { stdnum } from "stdnum";

/** Spain's NIF (a company's CIF, a person's DNI or NIE) with its control character. */
const spanishNif = stdnum.ES?.nif;
if (!spanishNif) throw new Error("stdnum has no Spanish NIF validator");

import { z } from "zod";
import type { CompanyRecord } from "../../content/company.ts";
import { companyFieldLabels as label } from "../../content/company-fields.ts";
import {
  insideSpain,
  provinceByName,
  provinceOfPostcode,
  provinces,
} from "../../content/provinces.ts";
import { hasControlCharacter } from "../validation.ts";

/** A one-line text: trimmed, required unless `optional`, no control characters. */
const line = (title: string, max = 200, optional = false) =>
  z
    .string({ error: `«${title}» debe ser un texto.` })
    .trim()
    .max(max, `«${title}» no puede tener más de ${max} caracteres.`)
    .refine((value) => optional || value !== "", `Indica «${title}».`)
    .refine((value) => !hasControlCharacter(value), `«${title}» contiene caracteres de control.`);

/** A Spanish phone as people write it: 9 digits, spaces allowed, an optional +34. */
const phone = (title: string) =>
  line(title, 30).refine(
    (value) => /^(\+34)?[6789]\d{8}$/.test(value.replace(/[\s.-]/g, "")),
    `«${title}» debe ser un teléfono español de 9 cifras (por ejemplo, 961 234 567).`,
  );

/**
 * A web address. Written as people copy it from the address bar's display («instagram.com/…»),
 * it gains its https://; an http:// one is still refused (the site links only secure pages).
 */
const url = (title: string) =>
  line(title, 300)
    .transform((value) => (/^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`))
    .refine((value) => {
      try {
        return new URL(value).protocol === "https:";
      } catch {
        return false;
      }
    }, `«${title}» debe ser una dirección que empiece por https://.`);

const coordinate = (title: string) =>
  z
    .number({ error: `«${title}» debe ser un número.` })
    .refine(Number.isFinite, `«${title}» debe ser un número.`);

const office = z
  .object({
    street: line(label.street),
    postalCode: line(label.postalCode, 5).refine(
      (value) => /^\d{5}$/.test(value) && provinceOfPostcode(value) !== undefined,
      "El código postal debe tener 5 cifras y empezar por el de una provincia (01 a 52).",
    ),
    city: line(label.city, 100),
    province: line(label.province, 60).refine(
      (value) => provinceByName(value) !== undefined,
      `Elige una provincia de la lista (${provinces.length}).`,
    ),
    lat: coordinate(label.lat),
    lng: coordinate(label.lng),
    phone: phone(label.officePhone),
    hours: line(label.hours, 200),
  })
  .superRefine((value, context) => {
    const of = provinceOfPostcode(value.postalCode);
    if (of && provinceByName(value.province) && of.name !== value.province) {
      context.addIssue({
        code: "custom",
        path: ["postalCode"],
        message: `El código postal ${value.postalCode} es de ${of.name}, no de ${value.province}.`,
      });
    }
    if (!insideSpainOrFlag(value.lat, value.lng)) {
      context.addIssue({
        code: "custom",
        path: ["lat"],
        message: "Las coordenadas quedan fuera de España: revisa la latitud y la longitud.",
      });
    }
  });

const insideSpainOrFlag = (lat: number, lng: number) =>
  !Number.isFinite(lat) || !Number.isFinite(lng) || insideSpain(lat, lng);

/**
 * The company record as the admin's «Empresa» form sends it (decision 245): every field
 * checked, each refusal a Spanish message on its field ("offices.0.postalCode").
 */
export const companyRecordSchema: z.ZodType<CompanyRecord> = z.object({
  name: line(label.name, 100),
  legalName: line(label.legalName, 200),
  nif: line(label.nif, 20)
    .transform((value) => value.toUpperCase().replace(/[\s.-]/g, ""))
    .refine(
      (value) => spanishNif.validate(value).isValid,
      "El NIF/CIF no es válido: revisa sus cifras y su carácter de control (por ejemplo, B12345674).",
    ),
  registry: z.object({
    office: line(label.registry, 100),
    tomo: line(label.tomo, 20),
    folio: line(label.folio, 20),
    hoja: line(label.hoja, 30),
    inscription: line(label.inscription, 20),
  }),
  offices: z
    .array(office, { error: "Indica al menos una oficina." })
    .min(1, "Indica al menos una oficina.")
    .max(20, "Como máximo 20 oficinas."),
  phone: phone(label.phone),
  whatsapp: line(label.whatsapp, 20, true).refine(
    (value) => value === "" || /^34[67]\d{8}$/.test(value.replace(/[\s+]/g, "")),
    `«${label.whatsapp}» debe ser un móvil español con el prefijo 34 (por ejemplo, 34612345678), o quedar vacío.`,
  ),
  email: line(label.email, 254).refine(
    (value) => z.email().safeParse(value).success,
    `«${label.email}» no es una dirección válida.`,
  ),
  social: z
    .array(z.object({ name: line("Red social", 40), url: url("Dirección de la red social") }))
    .max(10, "Como máximo 10 redes sociales."),
  areasServed: z
    .array(line("Zona de servicio", 80))
    .min(1, "Indica al menos una zona de servicio.")
    .max(40, "Como máximo 40 zonas de servicio."),
  warranty: line(label.warranty, 500, true),
  insurance: z.object({
    insurer: line(label.insurer, 100, true),
    cover: line(label.cover, 100, true),
  }),
  certifications: z.array(line("Certificación", 120)).max(20, "Como máximo 20 certificaciones."),
  foundedYear: z
    .number({ error: `«${label.foundedYear}» debe ser un número.` })
    .int(`«${label.foundedYear}» debe ser un año.`)
    .min(1900, `«${label.foundedYear}» debe ser posterior a 1900.`)
    .max(new Date().getFullYear(), `«${label.foundedYear}» no puede ser futuro.`),
}) as unknown as z.ZodType<CompanyRecord>;
