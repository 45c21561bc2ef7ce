/**
 * Texts of the pages that list other content (the services overview and the gallery) and the
 * contact page's head. The routes hand them over as loader data, so they are not JavaScript.
 */
import { photosOfFinishedWork } from "./images";
import type { Seo } from "./types";

export const servicesPage = {
  title: "Servicios de reforma, construcción e interiorismo",
  subtitle:
    "Tres áreas y catorce servicios, con un mismo modo de trabajar: presupuesto cerrado, calendario por escrito y un único interlocutor.",
  seo: {
    title: "Servicios",
    description:
      "Reformas de pisos, cocinas, baños, hoteles y locales, obra nueva, rehabilitación e interiorismo en Madrid, Barcelona, Valencia y Alicante.",
    keywords: [
      "servicios de reformas",
      "reformas",
      "construcción",
      "interiorismo",
      "rehabilitación",
      "empresa de reformas",
    ],
  } satisfies Seo,
};

export const galleryPage = {
  title: photosOfFinishedWork ? "Galería de obras" : "Galería de ideas",
  subtitle: photosOfFinishedWork
    ? "Cocinas, baños, casas, hoteles, fachadas e interiores: una muestra de lo que hacemos. Usa las flechas o desliza para recorrerla."
    : "Cocinas, baños, casas, hoteles, fachadas e interiores: ilustraciones de lo que hacemos mientras preparamos las fotos de nuestras obras. Usa las flechas o desliza para recorrerla.",
  seo: {
    title: "Galería",
    description:
      "Galería de reformas de cocinas y baños, casas y chalets, hoteles, locales, fachadas, viviendas de obra nueva e interiorismo de Obra Mediterránea.",
    keywords: [
      "galería de reformas",
      "fotos de reformas",
      "reformas de cocinas",
      "reformas de baños",
      "interiorismo",
      photosOfFinishedWork ? "obras realizadas" : "ideas de reformas",
    ],
  } satisfies Seo,
};

/**
 * /gallery once published projects have photos (issue 35): the company's own work comes first,
 * the illustrations follow under their own heading and say what they are.
 */
export const projectGalleryPage = {
  title: "Galería de obras",
  subtitle:
    "Fotos de obras que hemos terminado: antes, durante y después. Pulsa una foto para verla en grande o el nombre de la obra para saber cómo se hizo.",
  ideasTitle: "Ideas para tu reforma",
  ideasSubtitle:
    "Ilustraciones de lo que hacemos en cada servicio. Usa las flechas o desliza para recorrerlas.",
  seo: {
    ...galleryPage.seo,
    keywords: [...galleryPage.seo.keywords.slice(0, -1), "obras realizadas", "antes y después"],
  } satisfies Seo,
};

export const contactPage = {
  seo: {
    title: "Contacto y presupuesto",
    description:
      "Pide presupuesto sin compromiso para tu reforma, obra nueva o interiorismo en Madrid, Barcelona, Valencia o Alicante. Te respondemos en un día laborable.",
    keywords: [
      "presupuesto reforma",
      "pedir presupuesto",
      "contacto empresa de reformas",
      "presupuesto sin compromiso",
      "reformas Valencia",
      "reformas Madrid",
    ],
  } satisfies Seo,
};

export const notFoundPage = {
  title: "Página no encontrada",
  status: "Error 404",
  message: "La página que buscas no existe.",
  /** Shown under the message, and with it the page's description (its keywords: the site's). */
  hint: "Puede que la dirección tenga un error o que la página se haya movido. Desde el inicio llegas a todos nuestros servicios.",
  linkText: "Volver al inicio",
};

/** /obras, the finished projects staff publish (issue 35). */
export const projectsPage = {
  title: "Obras terminadas",
  subtitle:
    "Trabajos que hemos terminado, con sus fotos de antes y después, dónde fueron y cuánto duraron.",
  seo: {
    title: "Obras terminadas",
    description:
      "Obras terminadas de reformas, construcción e interiorismo en Madrid, Barcelona, Valencia y Alicante, con fotos de antes y después.",
    keywords: ["obras terminadas", "reformas antes y después", "proyectos de reforma"],
  } satisfies Seo,
};
