/**
 * `npm run db:migrate`: brings the configured database (DATABASE_URL, else the embedded one in
 * DATA_DIR) up to this version's schema, for deploy pipelines that migrate in a step of their
 * own. Every instance also migrates at start, under the same function.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { controlSocketPath, serverAnswers } from "../server/control.ts";
import { migrateDatabase, migrationsFolder } from "../server/db/client.ts";
import { errorSummary } from "../server/db/errors.ts";
import { parseEnv } from "../server/env.ts";

const env = parseEnv();
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
const count = (journal.entries as unknown[]).length;

if (!env.DATABASE_URL && (await serverAnswers(controlSocketPath(env.DATA_DIR)))) {
  // The embedded database belongs to the running server, which migrated it when it started.
  console.log(
    "El servidor en marcha ya migró la base de datos embebida al arrancar; las migraciones de una versión nueva se aplican al reiniciarlo.",
  );
  process.exit(0);
}
try {
  // The same migration every instance runs at start, under the same advisory lock.
  await migrateDatabase(env);
} catch (error) {
  console.error(`Error: no se ha podido migrar la base de datos: ${errorSummary(error)}`);
  process.exit(1);
}
const where = env.DATABASE_URL
  ? "la base de datos de DATABASE_URL"
  : `la base de datos embebida de ${path.resolve(env.DATA_DIR)}`;
console.log(`Migraciones al día en ${where} (${count} en esta versión).`);
