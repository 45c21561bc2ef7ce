/** Every text of the team page (/team). The map's location lives in content/company.ts. */
import { company, moreThanYears, yearsOfExperience } from "./company";
import type { ImageId } from "./images";
import type { Seo } from "./types";

export interface TeamGroup {
  title: string;
  description: string;
}

export const teamSeo: Seo = {
  title: "Nuestro equipo",
  description:
    "Arquitectos, aparejadores, interioristas, jefes de obra y oficios propios: conoce al equipo de Obra Mediterránea y dónde encontrarnos en Valencia.",
  keywords: [
    "equipo",
    "empresa de reformas Valencia",
    "jefe de obra",
    "arquitectos",
    "interioristas",
    "oficina de reformas",
  ],
};

/** The team page's first paragraph, for the published company's trade name and years. */
export function foundingParagraph(name: string, years: number): string {
  const claim = moreThanYears(years).toLowerCase();
  return `${name} nació ${claim ? `hace ${claim} ` : ""}de un grupo de técnicos y oficios que querían hacer las obras como les gustaría que les hicieran las suyas: con un presupuesto claro, plazos por escrito y alguien que coge el teléfono.`;
}

export const team = {
  title: "Un equipo que responde por cada obra",
  subtitle:
    "Somos arquitectos, aparejadores, interioristas, jefes de obra y oficios que llevan años trabajando juntos.",
  image: "team" satisfies ImageId as ImageId,
  paragraphs: [
    foundingParagraph(company.name, yearsOfExperience(company.foundedYear)),
    "Hoy trabajamos en Madrid, Barcelona, Valencia y Alicante, y en toda Cataluña y la Comunidad Valenciana. Cada obra tiene un jefe de obra asignado que te acompaña desde la primera visita hasta la entrega, y un equipo técnico detrás que revisa cada decisión.",
  ],
  groups: [
    {
      title: "Oficina técnica",
      description:
        "Arquitectos y aparejadores que miden, redactan proyectos y memorias, calculan presupuestos por partidas y tramitan licencias.",
    },
    {
      title: "Interiorismo",
      description:
        "Interioristas que diseñan la distribución, eligen materiales y muebles y preparan las imágenes 3D que ves antes de empezar.",
    },
    {
      title: "Jefes de obra",
      description:
        "Tu interlocutor único en la obra: coordina a los oficios, vigila la calidad y el calendario y te informa cada semana.",
    },
    {
      title: "Oficios",
      description:
        "Albañiles, fontaneros, electricistas, carpinteros y pintores propios o de confianza, con quienes trabajamos desde hace años.",
    },
  ] satisfies TeamGroup[],
  mapTitle: "Dónde estamos",
  mapIntro:
    "Nuestra oficina central está en Valencia. Desde aquí coordinamos las obras de Madrid, Barcelona, Alicante y del resto de Cataluña y la Comunidad Valenciana.",
};
