/** Every text of the home page (/), top to bottom. */
import { company, moreThanYears, yearsOfExperience } from "./company";
import { type ImageId, photosOfFinishedWork } from "./images";
import type { ContentLink, Seo } from "./types";

export interface Hero {
  title: string;
  subtitle: string;
  image: ImageId;
  /** Exactly two short paragraphs under the title. */
  descriptions: [string, string];
  primaryLink: ContentLink;
}

export interface WelcomeSlide {
  title: string;
  description: string;
  image: ImageId;
  link: ContentLink;
}

export interface InfoBlock {
  title: string;
  paragraphs: string[];
  /** Short facts shown as large figures, e.g. "+15" / "años de experiencia". */
  facts: { value: string; label: string }[];
}

export interface KeywordsBlock {
  title: string;
  intro: string;
  /** Shown in two columns: the first half of the list, then the second. */
  items: ContentLink[];
}

/**
 * The home page's words for how long the company has worked, for the years content/company.ts
 * counts from the published «Año de fundación»; none for a company that cannot claim a year.
 */
function yearsTexts(years: number) {
  const claim = moreThanYears(years);
  return {
    description: `Reformas, construcción e interiorismo en Madrid, Barcelona, Valencia y Alicante. ${
      claim ? `${claim} de obras, presupuesto` : "Presupuesto"
    } cerrado y un único interlocutor.`,
    subtitle: `${claim ? `${claim} de obras` : "Obras"} en Madrid, Barcelona, Valencia y Alicante.`,
    facts:
      years > 0
        ? [
            {
              value: `+${years}`,
              label: years === 1 ? "año de experiencia" : "años de experiencia",
            },
          ]
        : [],
  };
}

/** The first install's years (SPEC: over 15), until staff publish the company. */
const firstInstall = yearsTexts(yearsOfExperience(company.foundedYear));

export const homeSeo: Seo = {
  title: "Reformas, construcción e interiorismo",
  description: firstInstall.description,
  keywords: [
    "empresa de reformas",
    "reformas integrales",
    "construcción",
    "interiorismo",
    "reformas Madrid",
    "reformas Barcelona",
    "reformas Valencia",
    "reformas Alicante",
  ],
};

export const hero: Hero = {
  title: "Reformamos, construimos y diseñamos espacios para vivir mejor",
  subtitle: firstInstall.subtitle,
  image: "hero",
  descriptions: [
    "Desde un baño hasta un edificio entero: te damos un presupuesto cerrado por partidas, un calendario por escrito y un jefe de obra que responde por todo.",
    "Nuestro equipo de arquitectos, interioristas y oficios propios trabaja en toda Cataluña, la Comunidad de Madrid y la Comunidad Valenciana.",
  ],
  primaryLink: { text: "Pide tu presupuesto", url: "/contact" },
};

/** The welcome carousel (SPEC §9: 3 slides, one every 5000 ms). */
export const welcomeSlides: WelcomeSlide[] = [
  {
    title: "Reformas con un único interlocutor",
    description:
      "Cocinas en 4 a 6 semanas, baños en 2 a 3 y pisos completos en 10 a 14, con presupuesto cerrado y la licencia gestionada por nosotros.",
    image: "slide-1",
    link: { text: "Ver reformas", url: "/service/reformas" },
  },
  {
    title: "Construimos tu casa desde la parcela",
    description:
      "Proyecto, licencia, obra y entrega de llaves, con un calendario por fases y certificaciones mensuales de lo ejecutado.",
    image: "slide-2",
    link: { text: "Ver construcción", url: "/service/construccion" },
  },
  {
    title: "Interiores pensados para cómo vives",
    description:
      "Distribución, materiales, muebles a medida y luz, en imágenes 3D antes de empezar y ejecutados por el mismo equipo.",
    image: "slide-3",
    link: { text: "Ver interiorismo", url: "/service/interiorismo" },
  },
];

/**
 * Quieter next steps after the carousel, «Cómo trabajamos» and «Qué hacemos y dónde» (decision
 * 182): each text is followed by «pide tu presupuesto o llama al …», both links, so that on a
 * 360 × 640 phone no two screens pass without a quote or a call in the page.
 */
export const nextStepLines = {
  quote: { text: "pide tu presupuesto", url: "/contact" } satisfies ContentLink,
  call: "o llama al",
  afterCarousel: "Para saber cuánto costaría y cuánto duraría tu obra,",
  afterInfo: "Si te encaja esta forma de trabajar,",
  afterKeywords: "Si tu obra o tu zona no está en la lista, pregúntanos igualmente:",
};

export const servicesIntro = {
  title: "Nuestros servicios",
  subtitle:
    "Catorce servicios en tres áreas. Abre cada tarjeta para saber qué incluye y cuánto dura.",
  /** Under the cards, beside «Ver todos los servicios por área» (decision 182). */
  quoteLink: { text: "Pide tu presupuesto", url: "/contact" } satisfies ContentLink,
};

/** The figures of «Cómo trabajamos» after the years (which `yearsTexts` gives, or not). */
const otherFacts = [
  { value: "14", label: "servicios de reforma, construcción e interiorismo" },
  // Comunidad de Madrid, Cataluña and Comunidad Valenciana: the four cities are in them.
  { value: "3", label: "comunidades autónomas donde trabajamos" },
  { value: "1", label: "interlocutor de principio a fin" },
];

export const info: InfoBlock = {
  title: "Cómo trabajamos",
  paragraphs: [
    "Visitamos tu casa o tu local sin compromiso, medimos y escuchamos qué necesitas. En pocos días recibes un presupuesto cerrado por partidas, con materiales, plazos y forma de pago por escrito.",
    "Durante la obra, un jefe de obra coordina a todos los oficios y te informa cada semana. Al terminar repasamos contigo cada detalle, limpiamos y te entregamos la garantía y la documentación de las instalaciones.",
  ],
  facts: [...firstInstall.facts, ...otherFacts],
};

/** The home page's SEO, hero and «Cómo trabajamos» for the published company's years. */
export function withYears(years: number): { seo: Seo; hero: Hero; info: InfoBlock } {
  const texts = yearsTexts(years);
  return {
    seo: { ...homeSeo, description: texts.description },
    hero: { ...hero, subtitle: texts.subtitle },
    info: { ...info, facts: [...texts.facts, ...otherFacts] },
  };
}

/** The gallery strip under the info block: finished work once the pictures are photos of it. */
export const galleryStrip = {
  title: photosOfFinishedWork ? "Obras recientes" : "Ideas para tu obra",
  images: [
    "reformas-de-cocinas-1",
    "reformas-de-banos-1",
    "reformas-de-hoteles-1",
    "construccion-de-viviendas-1",
    "mobiliario-a-medida-1",
    "reformas-de-tejados-y-azoteas-1",
  ] satisfies ImageId[] as ImageId[],
};

/**
 * A next step half-way down the page, after the gallery strip, so that on a phone a quote or a
 * call is never far from where the visitor is reading (decision 182). The page still ends
 * with the usual one (content/next-step.ts).
 */
export const visitNextStep = {
  title: "¿Cuándo te visitamos?",
  text: "Pide tu presupuesto o llámanos: vamos a verlo sin compromiso y te respondemos en un día laborable.",
};

export const keywordsBlock: KeywordsBlock = {
  title: "Qué hacemos y dónde",
  intro: "Estos son los trabajos que más nos piden en cada zona en la que trabajamos.",
  items: [
    {
      text: "Reformas integrales de pisos en Madrid",
      url: "/service/reformas/reformas-integrales",
    },
    { text: "Reformas de cocinas en Valencia", url: "/service/reformas/reformas-de-cocinas" },
    { text: "Reformas de baños en Alicante", url: "/service/reformas/reformas-de-banos" },
    {
      text: "Reformas de hoteles en la costa de Alicante",
      url: "/service/reformas/reformas-de-hoteles",
    },
    {
      text: "Reformas de chalets en la Comunidad Valenciana",
      url: "/service/reformas/reformas-de-casas-y-chalets",
    },
    {
      text: "Reformas de locales comerciales en Barcelona",
      url: "/service/reformas/reformas-de-locales-comerciales",
    },
    {
      text: "Reparación de fachadas en Madrid y Barcelona",
      url: "/service/reformas/reparacion-de-fachadas",
    },
    {
      text: "Impermeabilización de azoteas en Valencia",
      url: "/service/reformas/reformas-de-tejados-y-azoteas",
    },
    {
      text: "Construcción de viviendas en Cataluña",
      url: "/service/construccion/construccion-de-viviendas",
    },
    {
      text: "Rehabilitación de edificios en Madrid",
      url: "/service/construccion/rehabilitacion-de-edificios",
    },
    {
      text: "Interiorismo en Barcelona y Valencia",
      url: "/service/interiorismo/diseno-y-decoracion-de-interiores",
    },
    { text: "Muebles a medida en Alicante", url: "/service/interiorismo/mobiliario-a-medida" },
  ],
};

/** The randomised gallery at the end of the home page: how many of all the images it shows. */
export const homeGallery = {
  title: "Nuestro trabajo, en imágenes",
  size: 8,
  link: { text: "Ver toda la galería", url: "/gallery" },
};
