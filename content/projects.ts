/**
 * Finished projects, client opinions and the team as the public pages show them (issue 35;
 * decisions 249-251): their shapes, addresses and photo stages. What staff edit them with (the
 * choices, labels and messages of the admin's forms) is in project-fields.ts, kept out of the
 * public pages' shared chunk (it pulls in the whole service catalogue).
 */
import type { Choice } from "./quote-request.ts";
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
