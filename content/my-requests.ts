/**
 * «Mis solicitudes» (issue 36; decision 267): what a registered visitor reads of the requests
 * they sent. The lead pipeline's statuses (content/lead-statuses.ts) are staff's words; a client
 * reads these instead, and never the reason a lead was lost, its notes or who handles it. Only
 * the account screens and the server import this file.
 */
import type { LeadStatus } from "./lead-statuses";

/** A status as the client reads it, in the pipeline's order. */
export const clientStatuses = {
  nuevo: "Recibida",
  contactado: "En estudio",
  visita: "Visita",
  presupuesto_enviado: "Presupuesto enviado",
  ganado: "Cerrada",
  perdido: "Cerrada",
} as const satisfies Record<LeadStatus, string>;

/** A request still open: the visitor may add photos to it. */
export const isOpenStatus = (status: LeadStatus) => status !== "ganado" && status !== "perdido";

export const myRequestsTexts = {
  title: "Mis solicitudes",
  intro:
    "Las solicitudes de presupuesto que nos has enviado con tu cuenta o desde el correo que has verificado.",
  empty:
    "Aún no tienes solicitudes. Cuando nos pidas presupuesto con tu cuenta, la verás aquí y sabrás en qué punto está.",
  ask: "Pedir presupuesto",
  loadFailed: "No hemos podido cargar tus solicitudes. Recarga la página para intentarlo de nuevo.",
  notFound: "Esa solicitud no existe o no es tuya.",
  closed: "Esa solicitud ya está cerrada: no se le pueden añadir fotos.",
  erased: "Los datos de esa solicitud ya se borraron.",
  noPhotoChosen: "Elige al menos una foto.",
  photosAdded: (count: number) =>
    count === 1
      ? "Hemos añadido 1 foto a tu solicitud."
      : `Hemos añadido ${count} fotos a tu solicitud.`,
  noPhotoAdded: "Esas fotos ya estaban en tu solicitud: no hemos añadido ninguna.",
  photosFull: (max: number) => `Tu solicitud ya tiene ${max} fotos, el máximo.`,
  erasedTitle: "Datos borrados",
  erasedMessage: (reference: string) =>
    `Hemos borrado tus datos personales de la solicitud ${reference}: tu nombre, tus datos de contacto, tu mensaje y tus fotos. Solo queda la referencia, el servicio y la fecha, sin nada que te identifique.`,
  eraseConfirm: (reference: string) =>
    `¿Borrar tus datos de la solicitud ${reference}? Borraremos tu nombre, tus datos de contacto, tu mensaje y tus fotos, y dejaremos de atenderla. No se puede deshacer.`,
} as const;

/** A photo of a request: its id, file name and size, never the image (GET /api/my-requests). */
export interface OwnPhoto {
  id: number;
  name: string;
  width: number;
  height: number;
}

/** A request as its sender reads it (GET /api/my-requests): what staff alone see is not here. */
export interface OwnRequest {
  reference: string;
  /** When it arrived (ISO 8601). */
  created_at: string;
  service: { value: string; label: string };
  /** The status in a client's words (clientStatuses). */
  status: string;
  /** Still open: photos may be added to it. */
  open: boolean;
  photos: OwnPhoto[];
}
