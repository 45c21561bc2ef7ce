/**
 * What the quote request asks about each service (issue 36; decision 265), next to the
 * catalogue (services.ts): one question per service, answered with one or more of its choices,
 * each with «Otro». The answers are kept in the request's `job_answers` detail
 * (quote-fields.ts) as `question:choice|choice`; the server refuses answers that are not the
 * chosen service's. The labels are the marketer's to change; names and values are stored.
 */
import type { ServiceSlug } from "./images";
import { answersOf, answersRead, type ServiceQuestion } from "./job-answers";
import type { Choice } from "./quote-request";

export type { ServiceQuestion };

const other: Choice = { value: "otro", label: "Otro" };
const ask = (name: string, label: string, choices: [string, string][]): ServiceQuestion => ({
  name,
  label,
  choices: [...choices.map(([value, label]) => ({ value, label })), other],
});

export const serviceQuestions: Partial<Record<ServiceSlug, ServiceQuestion>> = {
  "reformas-integrales": ask("estancias", "¿Qué quieres reformar?", [
    ["toda-la-vivienda", "Toda la vivienda"],
    ["cocina-y-banos", "Cocina y baños"],
    ["instalaciones", "Electricidad y fontanería"],
    ["suelos", "Suelos y paredes"],
  ]),
  "reformas-de-cocinas": ask("cambios", "¿Qué cambia en la cocina?", [
    ["muebles", "Muebles"],
    ["encimera", "Encimera"],
    ["electrodomesticos", "Electrodomésticos"],
    ["distribucion", "Distribución"],
  ]),
  "reformas-de-banos": ask("banera", "¿Qué quieres en el baño?", [
    ["ducha", "Ducha"],
    ["banera", "Bañera"],
    ["alicatado", "Alicatado nuevo"],
    ["sanitarios", "Sanitarios y mueble"],
  ]),
  "reformas-de-hoteles": ask("zonas", "¿Qué zonas del hotel?", [
    ["habitaciones", "Habitaciones"],
    ["banos", "Baños"],
    ["zonas-comunes", "Recepción y zonas comunes"],
    ["fachada", "Fachada"],
  ]),
  "reformas-de-casas-y-chalets": ask("partes", "¿Qué partes de la casa?", [
    ["interior", "Interior"],
    ["cubierta", "Cubierta"],
    ["fachada", "Fachada"],
    ["exterior", "Jardín y piscina"],
  ]),
  "reformas-de-locales-comerciales": ask("actividad", "¿Para qué actividad?", [
    ["hosteleria", "Hostelería"],
    ["comercio", "Tienda"],
    ["oficina", "Oficina"],
    ["salud", "Clínica o centro de salud"],
  ]),
  "reparacion-de-fachadas": ask("plantas", "¿Cuántas plantas tiene el edificio?", [
    ["1-2", "1 o 2"],
    ["3-5", "De 3 a 5"],
    ["6-o-mas", "6 o más"],
  ]),
  "reformas-de-tejados-y-azoteas": ask("cubierta", "¿Qué cubierta es?", [
    ["teja", "Tejado de teja"],
    ["azotea", "Azotea transitable"],
    ["goteras", "Goteras o humedades"],
  ]),
  "construccion-de-viviendas": ask("parcela", "¿Cómo está el proyecto?", [
    ["con-parcela", "Tengo parcela"],
    ["con-proyecto", "Tengo proyecto de arquitecto"],
    ["con-licencia", "Tengo licencia"],
  ]),
  "rehabilitacion-de-edificios": ask("alcance", "¿Qué hay que rehabilitar?", [
    ["estructura", "Estructura"],
    ["fachada", "Fachada"],
    ["cubierta", "Cubierta"],
    ["accesibilidad", "Ascensor o accesibilidad"],
  ]),
  "construccion-de-locales-comerciales": ask("estado", "¿En qué estado está el local?", [
    ["en-bruto", "En bruto"],
    ["a-reformar", "Con una actividad anterior"],
  ]),
  "diseno-y-decoracion-de-interiores": ask("espacios", "¿Qué espacios?", [
    ["salon", "Salón"],
    ["dormitorios", "Dormitorios"],
    ["toda-la-casa", "Toda la casa"],
    ["negocio", "Un negocio"],
  ]),
  "mobiliario-a-medida": ask("muebles", "¿Qué muebles?", [
    ["armarios", "Armarios"],
    ["cocina", "Cocina"],
    ["estanterias", "Estanterías"],
    ["banos", "Muebles de baño"],
  ]),
  "iluminacion-y-domotica": ask("sistemas", "¿Qué te interesa?", [
    ["iluminacion", "Iluminación"],
    ["domotica", "Domótica"],
    ["climatizacion", "Climatización"],
    ["seguridad", "Seguridad"],
  ]),
};

/** Whether `kept` answers the question of `service`, with its choices only. */
export function answersService(kept: string, service: string | undefined): boolean {
  const asked = serviceQuestions[service as ServiceSlug];
  const answers = answersOf(kept);
  return (
    !!asked &&
    !!answers &&
    answers.question === asked.name &&
    answers.choices.length > 0 &&
    answers.choices.every((choice) => asked.choices.some((c) => c.value === choice))
  );
}

/** The answers to `service`'s question as people read them (`answersRead`). */
export const answersText = (kept: string, service: string | undefined): string =>
  answersRead(kept, serviceQuestions[service as ServiceSlug]);
