/**
 * The staff home's words (decision 253): each card's title, the amount a won lead is asked for,
 * and how a change since the day before reads. The server names the cards; the lead's status
 * control and the home read the same labels.
 */
export const homeCardTitles = {
  nuevos: "Nuevos",
  sin_asignar: "Sin asignar",
  esperando: "Esperando más de un día laborable",
  mios: "Míos",
  presupuestos: "Presupuestos enviados sin respuesta en 7 días",
  ganados: "Ganados este mes",
} as const;

export type HomeCardKey = keyof typeof homeCardTitles;

/** A won lead's value, asked when it is marked «Ganado»; shown on the lead and in exports. */
export const wonAmountLabel = "Importe ganado (€)";
