/**
 * The lead pipeline (issue 13; decision 140), in the order a lead moves through it: the admin's
 * status control and filter (server/admin/resources/contacts.ts), and what the retention sweep
 * writes of a lead it erases (server/leads/retention.ts).
 */
export const leadStatuses = [
  { value: "nuevo", title: "Nuevo" },
  { value: "contactado", title: "Contactado" },
  { value: "visita", title: "Visita" },
  { value: "presupuesto_enviado", title: "Presupuesto enviado" },
  { value: "ganado", title: "Ganado" },
  { value: "perdido", title: "Perdido" },
] as const;
