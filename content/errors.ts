/**
 * The error dialog's titles (SPEC §8), one per kind of failure. The server sends them in each
 * failed answer; the browser shows the same words when an answer carries no title or never
 * arrives (a proxy's 502, a dropped connection). One place, so the two cannot drift
 * (decision 150).
 */
export const errorTitles = {
  validation: "Error de Validación",
  authentication: "Error de Autenticación",
  tooManyRequests: "Demasiados intentos",
  server: "Error de Servidor",
  connection: "Error de Conexión",
} as const;

/** SPEC §8's message for a fault of the server's own. */
export const serverFaultMessage = "Hubo un problema con el servidor. Intenta más tarde.";
