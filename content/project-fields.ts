/**
 * What staff edit finished projects, client opinions and the team with (issue 35; decisions
 * 249-251): the choices, field labels and messages of the admin's forms and the server's checks.
 * Not for public pages: it reads the service catalogue and the quote form's fields.
 */
import { quoteField } from "./quote-fields.ts";
import type { Choice } from "./quote-request.ts";
import { serviceChoices } from "./service-choices.ts";

/** The services a project or an opinion may be of: the catalogue's, without «Otro trabajo». */
export const projectServices: readonly Choice[] = serviceChoices.filter((c) => c.value !== "otro");

/** A project's budget band: the quote form's, without «Aún no lo sé». */
export const projectBudgets: readonly Choice[] = quoteField("budget").choices.filter(
  (c: Choice) => c.value !== "sin-definir",
);

export const projectStatuses: readonly Choice[] = [
  { value: "draft", label: "Borrador" },
  { value: "published", label: "Publicada" },
];

/** Where an opinion was given. */
export const reviewSources: readonly Choice[] = [
  { value: "directa", label: "Directa (a la empresa)" },
  { value: "google", label: "Google" },
  { value: "habitissimo", label: "habitissimo" },
  { value: "cronoshare", label: "Cronoshare" },
  { value: "otra", label: "Otra" },
];

export const projectLabels = {
  title: "Título",
  slug: "Dirección en la web (si la dejas vacía, se hace del título)",
  service: "Servicio",
  city: "Ciudad",
  province: "Provincia",
  year: "Año",
  duration: "Duración",
  budget: "Presupuesto",
  summary: "Resumen",
  body: "Descripción (Markdown)",
  photos: "Fotos",
  featured: "Destacada en la página de inicio",
  status: "Estado",
} as const;

export const projectMessages = {
  slug: "Usa solo minúsculas sin acentos, números y guiones (por ejemplo, cocina-en-ruzafa).",
  slugTaken: "Esta dirección ya la usa otra obra; elige otra.",
  altMissing: (position: number) =>
    `Escribe el texto alternativo de la foto ${position}: qué se ve en ella.`,
  stage: (position: number) => `Indica si la foto ${position} es de antes, durante o después.`,
  oneCover: "Marca una sola foto como portada.",
  photoMissing: "Una de las fotos ya no existe; vuelve a subirla.",
  tooManyPhotos: (max: number) => `Una obra puede tener como máximo ${max} fotos.`,
  list: "Las fotos deben enviarse como una lista.",
  publishWithoutPhotos: "Para publicar la obra, añade al menos una foto.",
} as const;

export const reviewLabels = {
  author: "Nombre o iniciales",
  city: "Ciudad",
  service: "Servicio",
  project: "Obra",
  rating: "Valoración (1 a 5)",
  text: "Opinión",
  date: "Fecha (día/mes/año)",
  source: "Origen",
  consent: "Prueba del consentimiento",
  published: "Publicada",
} as const;

export const teamLabels = {
  name: "Nombre",
  role: "Puesto",
  photo: "Foto",
  bio: "Presentación breve",
  position: "Orden",
  published: "Publicado",
} as const;
