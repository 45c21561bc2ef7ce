/**
 * `npm run leads:remind`: queues each assignee's morning reminder now (their follow-ups due today
 * and their leads still new), whatever the day or hour and even if this morning's went: for a
 * Saturday the office works, or the list wanted again after follow-ups were set (decision 277).
 * The site's mail worker sends them within seconds. Like newsletter:consent, it asks a running
 * site on the embedded database through its control socket, and otherwise opens the database
 * itself; it never makes one: a reminder from an empty database in a wrong DATA_DIR would say
 * «nothing to do» falsely.
 */
import path from "node:path";
import { type ControlResponse, requestRunningSite } from "../server/control.ts";
import { hasEmbeddedDatabase, operatorMessage } from "../server/data-dir.ts";
import { openDatabase } from "../server/db/client.ts";
import { parseCommandEnv } from "../server/env.ts";
import { remindAssignees } from "../server/leads/assignee-reminder.ts";

const usage = "Uso: npm run leads:remind";

function stop(...lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

async function main() {
  if (process.argv.length > 2) stop(usage);
  const env = parseCommandEnv();
  // Only the embedded database is a running site's alone; PostgreSQL is opened directly.
  let response: ControlResponse | undefined = env.DATABASE_URL
    ? undefined
    : await requestRunningSite(env.DATA_DIR, { command: "leads:remind" });
  if (!response) {
    if (!env.DATABASE_URL && !hasEmbeddedDatabase(env.DATA_DIR)) {
      stop(
        `Error: no hay ninguna base de datos embebida en DATA_DIR (${path.resolve(env.DATA_DIR)}); no se ha enviado nada.`,
        "  DATA_DIR debe ser la carpeta de datos del sitio: revísalo en .env o en el entorno (o pon",
        "  DATABASE_URL si el sitio usa PostgreSQL).",
      );
    }
    const database = await openDatabase(env);
    try {
      response = {
        ok: true,
        reminded: await remindAssignees(database.db, env, new Date(), { asked: true }),
      };
    } finally {
      await database.close();
    }
  }
  if (!response.ok) stop(`Error: ${response.message}`, usage);
  if (!("reminded" in response)) stop("Error: respuesta inesperada del servidor.");
  console.log(
    response.reminded === 0
      ? "Nadie tiene hoy seguimientos ni solicitudes nuevas: no se ha enviado ningún recordatorio."
      : response.reminded === 1
        ? "Recordatorio en camino a 1 persona del equipo; el sitio lo envía en unos segundos."
        : `Recordatorios en camino a ${response.reminded} personas del equipo; el sitio los envía en unos segundos.`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => stop(`Error: ${operatorMessage(error)}`),
);
