import { photosOfFinishedWork } from "./images";

/** The closing block every page ends with: the next step a visitor can take. */
export const nextStep = {
  title: "¿Hablamos de tu proyecto?",
  text: "Cuéntanos qué quieres hacer y te visitamos sin compromiso. Te respondemos en un día laborable.",
  quote: { text: "Pide tu presupuesto", url: "/contact" },
  // Illustrations are not the company's jobs (issue 12): the link says what it leads to.
  gallery: {
    text: photosOfFinishedWork ? "Ver nuestras obras" : "Ver la galería",
    url: "/gallery",
  },
};
