/**
 * The names of the controls every staff list has, the same above the list and in the API's 422
 * answer for an address edited by hand (issue 11: one label, one place). Only admin code imports
 * this file (vite.config.ts keeps it out of the public pages' chunk).
 */
export const listToolLabels = {
  q: "Buscar",
  sort: "Ordenar por",
  dir: "Sentido",
  per_page: "Por página",
  page: "Página",
} as const;

/** A date filter's two bounds, as its fieldset labels them. */
export const dateBoundLabels = { from: "Desde", to: "Hasta" } as const;
