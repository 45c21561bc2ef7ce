/**
 * `npm run newsletter:consent -- EMAIL`: prints, as JSON, what the newsletter holds about one
 * address: its subscription and the proofs of its ended consents, which are kept blocked for
 * 3 years and which the admin never shows (decision 168). For a court or the data protection
 * authority asking the company to show that a mail had consent, or for the person asking what
 * is kept about them; the operator hands it over (`… > consentimiento.json`). Like
 * user:create, it asks a running server on the embedded database through its control socket,
 * and otherwise opens the database itself.
 */
import { type ControlResponse, controlSocketPath, requestControl } from "../server/control.ts";
import { openDatabase } from "../server/db/client.ts";
import { parseEnv } from "../server/env.ts";
import { consentRecordOf } from "../server/newsletter/consent-record.ts";

const usage = "Uso: npm run newsletter:consent -- CORREO";

function stop(...lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

async function main() {
  const [email, ...extra] = process.argv.slice(2);
  if (!email || extra.length > 0 || !email.includes("@")) stop(usage);
  const env = parseEnv();
  // Only the embedded database is a running site's alone; PostgreSQL is opened directly.
  let response: ControlResponse | undefined = env.DATABASE_URL
    ? undefined
    : await requestControl(controlSocketPath(env.DATA_DIR), {
        command: "newsletter:consent",
        email,
      });
  if (!response) {
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
  (error: unknown) => stop(`Error: ${error instanceof Error ? error.message : String(error)}`),
);
