/**
 * `npm run newsletter:consent -- EMAIL`: prints, as JSON, what the newsletter holds about one
 * address: its subscription and the proofs of its ended consents, which are kept blocked for
 * 3 years and which the admin never shows (decision 168). For a court or the data protection
 * authority asking the company to show that a mail had consent, or for the person asking what
 * is kept about them; the operator hands it over (`… > consentimiento.json`). Like
 * user:create, it asks a running server on the embedded database through its control socket,
 * and otherwise opens the database itself; it never makes one (decision 086): "nothing held"
 * from a new, empty database in a wrong DATA_DIR would be a false answer to an authority.
 */
import path from "node:path";
import { type ControlResponse, requestRunningSite } from "../server/control.ts";
import { hasEmbeddedDatabase, operatorMessage } from "../server/data-dir.ts";
import { openDatabase } from "../server/db/client.ts";
import { parseCommandEnv } from "../server/env.ts";
import { consentRecordOf } from "../server/newsletter/consent-record.ts";

const usage = "Uso: npm run newsletter:consent -- CORREO";

function stop(...lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

async function main() {
  const [email, ...extra] = process.argv.slice(2);
  if (!email || extra.length > 0 || !email.includes("@")) stop(usage);
  const env = parseCommandEnv();
  // Only the embedded database is a running site's alone; PostgreSQL is opened directly.
  let response: ControlResponse | undefined = env.DATABASE_URL
    ? undefined
    : await requestRunningSite(env.DATA_DIR, { command: "newsletter:consent", email });
  if (!response) {
    if (!env.DATABASE_URL && !hasEmbeddedDatabase(env.DATA_DIR)) {
      stop(
        `Error: no hay ninguna base de datos embebida en DATA_DIR (${path.resolve(env.DATA_DIR)}); no se ha consultado nada.`,
        "  DATA_DIR debe ser la carpeta de datos del sitio: revísalo en .env o en el entorno (o pon",
        "  DATABASE_URL si el sitio usa PostgreSQL).",
      );
    }
    const database = await openDatabase(env);
    try {
      response = { ok: true, consent: await consentRecordOf(database.db, email) };
    } finally {
      await database.close();
    }
  }
  if (!response.ok) stop(`Error: ${response.message}`, usage);
  if (!("consent" in response)) stop("Error: respuesta inesperada del servidor.");
  console.log(JSON.stringify(response.consent, null, 2));
}

main().then(
  () => process.exit(0),
  (error: unknown) => stop(`Error: ${operatorMessage(error)}`),
);
