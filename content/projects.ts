/**
 * Finished projects, client opinions and the team as staff edit them (issue 35; decisions
 * 249-251): the labels both the admin (server) and the public pages (browser) show.
 */
import { quoteField } from "./quote-fields.ts";
import type { Choice } from "./quote-request.ts";
import { serviceChoices } from "./service-choices.ts";
import type { SitePhotoView } from "./site-photos.ts";

/** A project photo's stage. */
export const photoStages: readonly Choice[] = [
  { value: "antes", label: "Antes" },
  { value: "durante", label: "Durante" },
  { value: "despues", label: "Después" },
];

/** «Antes», «Durante» or «Después», as a caption says it. */
export const photoStageLabel = (stage: string) =>
  photoStages.find((choice) => choice.value === stage)?.label ?? "";

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
  slug: "Dirección (slug)",
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
  date: "Fecha (AAAA-MM-DD)",
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

// What the public pages show (decision 249), read once per published version
// (server/site-content/portfolio.ts) and handed to the loaders.

/** A project photo as the pages draw it. */
export interface PublicPhoto extends SitePhotoView {
  alt: string;
  stage: string;
  cover: boolean;
}

export interface PublicReview {
  id: number;
  author: string;
  city: string;
  service: string;
  serviceTitle: string;
  projectSlug: string | null;
  rating: number;
  text: string;
  /** YYYY-MM-DD. */
  date: string;
  source: string;
}

export interface PublicProject {
  slug: string;
  title: string;
  service: string;
  serviceTitle: string;
  city: string;
  province: string;
  year: number;
  duration: string;
  budget: string | null;
  summary: string;
  /** The Markdown body as safe HTML (raw HTML shown as text; http(s) links only). */
  bodyHtml: string;
  featured: boolean;
  photos: PublicPhoto[];
  cover: PublicPhoto | null;
  reviews: PublicReview[];
}

export interface PublicMember {
  name: string;
  role: string;
  bio: string;
  photo: SitePhotoView | null;
}

/** Published projects, newest first, and drafts reachable by a preview link's hash. */
export interface Portfolio {
  projects: PublicProject[];
  /** By the SHA-256 (hex) of a preview token still open: drafts as they will look. */
  previews: Record<string, PublicProject>;
  reviews: PublicReview[];
  team: PublicMember[];
  /** Draft opinions and members behind an open preview link, by its hash (decision 270). */
  reviewPreviews: Record<string, PublicReview>;
  memberPreviews: Record<string, PublicMember & { position: number }>;
}

export const projectsPath = "/obras";
export const projectPath = (slug: string) => `${projectsPath}/${slug}`;
export const previewPrefix = `${projectsPath}/vista-previa/`;
/** A draft opinion's and a draft member's preview pages (decision 270). */
export const reviewPreviewPath = (token: string) => `/opiniones/vista-previa/${token}`;
export const memberPreviewPath = (token: string) => `/team/vista-previa/${token}`;
