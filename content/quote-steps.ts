/**
 * The quote request, one step at a time (issue 36; decision 265): each step's title, what it
 * asks, and the fields it holds, in order. The step funnel counts each step as it is reached
 * (quote-funnel.ts). A field not listed here is on no step: the robots' trap.
 */

export const quoteSteps = [
  {
    value: "job",
    title: "El trabajo",
    intro: "Elige el servicio que más se parece a lo que quieres hacer.",
    fields: ["service"],
  },
  {
    value: "about",
    title: "Sobre la obra",
    intro: "Lo que sepas: con ello el presupuesto sale más ajustado. Nada de esto es obligatorio.",
    fields: [
      "job_answers",
      "area",
      "postcode",
      "property_type",
      "surface_m2",
      "start_window",
      "budget",
      "message",
    ],
  },
  {
    value: "photos",
    title: "Fotos",
    intro: "Si tienes fotos o planos, nos ahorran preguntas. Puedes seguir sin ellas.",
    fields: ["photos"],
  },
  {
    value: "contact",
    title: "Cómo contactarte",
    intro: "Para enviarte el presupuesto o llamarte cuando prefieras.",
    fields: [
      "name",
      "reach",
      "email",
      "phone",
      "subject",
      "contact_channel",
      "contact_time",
      "consent",
    ],
  },
] as const;

export type QuoteStep = (typeof quoteSteps)[number]["value"];

/** What the step buttons and the progress say. */
export const stepWords = {
  next: "Siguiente",
  back: "Atrás",
  progress: "Progreso de la solicitud",
  stepOf: (at: number, of: number) => `Paso ${at} de ${of}`,
  required: {
    service: "Elige un servicio, o «Otro trabajo» si no está en la lista.",
    name: "Escribe tu nombre.",
    reach: "Escribe un teléfono o un correo electrónico para que podamos responderte.",
    consent: "Marca la casilla para que podamos usar tus datos y responderte.",
  },
} as const;

/**
 * The step-by-step form's own fields (decision 266): one for phone or e-mail, sent as the one it
 * is, and the consent, checked in the browser only (answering a request needs the data).
 */
export const reachField = {
  label: "Teléfono o correo",
  hint: "Con uno basta: te llamamos o te escribimos, como prefieras.",
  consent: "Acepto que uséis mis datos para responder a esta solicitud.",
  /** The built subject when no service is chosen (the plain form's subject is typed). */
  noService: "Solicitud de presupuesto",
} as const;
