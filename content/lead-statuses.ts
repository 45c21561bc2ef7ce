/**
 * The lead pipeline (issue 13; decision 140), declared once (decision 240): in the order a lead
 * moves through it, each status by the value the database stores and the title staff read. The
 * schema's enum, the admin's status control, filter and sort, the retention sweep's words and
 * the mails all read this list; migration 0009's CHECK holds the same values, and
 * server/db/lead-statuses.test.ts fails if the two ever differ.
 */
export const leadStatuses = [
  { value: "nuevo", title: "Nuevo" },
  { value: "contactado", title: "Contactado" },
  { value: "visita", title: "Visita" },
  { value: "presupuesto_enviado", title: "Presupuesto enviado" },
  { value: "ganado", title: "Ganado" },
  { value: "perdido", title: "Perdido" },
] as const;

export type LeadStatus = (typeof leadStatuses)[number]["value"];

/** The stored values, in pipeline order: the schema's enum and the admin's sort. */
export const leadStatusValues = leadStatuses.map((status) => status.value) as [
  LeadStatus,
  ...LeadStatus[],
];

/** The title staff read for a status. */
export const leadStatusTitle = (value: LeadStatus): string =>
  leadStatuses.find((status) => status.value === value)?.title ?? value;
