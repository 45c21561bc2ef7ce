/**
 * The staff home's words (decision 253): each card's title, the amount a won lead is asked for,
 * and how a change since the day before reads. The server names the cards; the lead's status
 * control and the home read the same labels.
 */
export const homeCardTitles = {
  nuevos: "Nuevos",
  sin_asignar: "Sin asignar",
  esperando: "Esperando más de un día laborable",
  volver: "Volver a contactar hoy o vencidos",
  mios: "Míos",
  presupuestos: "Presupuestos enviados sin respuesta en 7 días",
  ganados: "Ganados este mes",
} as const;

export type HomeCardKey = keyof typeof homeCardTitles;

/** A card of the home as GET /api/admin/home answers it and the home draws it. */
export interface HomeCard {
  key: HomeCardKey;
  title: string;
  /** The inbox's query string that lists exactly what `count` counts. */
  query: string;
  count: number;
  /** The count the home showed on `since` (null: no earlier day to compare with). */
  previous: number | null;
  /** Won leads only: the sum of their amounts, in euros. */
  amount?: number;
}

/** The home: today, the last earlier day it was opened (null: none), and its cards. */
export interface StaffHome {
  today: string;
  since: string | null;
  cards: HomeCard[];
  /** The company details still at their placeholders (only for staff who may edit them). */
  company_missing?: string[];
}

/** A won lead's value, asked when it is marked «Ganado»; shown on the lead and in exports. */
export const wonAmountLabel = "Importe ganado (€)";

/** A lead's follow-up (decision 255): the day to contact the client again and a short note. */
export const followUpLabels = {
  on: "Volver a contactar el",
  note: "Nota para volver a contactar",
  filter: "Volver a contactar",
} as const;

/** The inbox's follow-up filter: overdue, due today, or on a later day. */
export const followUpStates = [
  { value: "vencido", title: "Vencido" },
  { value: "hoy", title: "Para hoy" },
  { value: "programado", title: "Más adelante" },
] as const;

/** The most a follow-up's note holds. */
export const followUpNoteMax = 200;
