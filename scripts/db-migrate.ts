/**
 * `npm run db:migrate [-- --init]`: brings the configured database (DATABASE_URL, else the
 * embedded one in DATA_DIR) up to this version's schema, for deploy pipelines that migrate in a
 * step of their own. Every instance also migrates at start, under the same function.
 * An embedded database is made only with --init: without it, a DATA_DIR that holds none (a
 * typing mistake, a setting not read) is refused instead of getting a new, empty database
 * (decision 086). The site's own first start (`npm start`, `npm run serve`) still makes one.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { controlSocketPath, serverAnswers } from "../server/control.ts";
import { hasEmbeddedDatabase } from "../server/data-dir.ts";
import { migrateDatabase, migrationsFolder } from "../server/db/client.ts";
import { errorSummary } from "../server/db/errors.ts";
import { parseCommandEnv } from "../server/env.ts";

const usage = [
  "Uso: npm run db:migrate [-- --init]",
  "  --init  crea la base de datos embebida en DATA_DIR si aún no hay ninguna",
].join("\n");
let init = false;
try {
  const { values } = parseArgs({
    options: { init: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  init = values.init === true;
} catch (error) {
  console.error(`Error: argumentos no válidos (${(error as Error).message}).`);
  console.error(usage);
  process.exit(1);
}

const env = parseCommandEnv();
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
const count = (journal.entries as unknown[]).length;

if (!env.DATABASE_URL && (await serverAnswers(controlSocketPath(env.DATA_DIR)))) {
  // The embedded database belongs to the running server, which migrated it when it started.
  console.log(
    "El servidor en marcha ya migró la base de datos embebida al arrancar; las migraciones de una versión nueva se aplican al reiniciarlo.",
  );
  process.exit(0);
}
const dataDir = path.resolve(env.DATA_DIR);
const created = !env.DATABASE_URL && !hasEmbeddedDatabase(dataDir);
if (created && !init) {
  console.error(
    [
      `Error: no hay ninguna base de datos embebida en DATA_DIR (${dataDir}); no se ha migrado nada.`,
      "  Si DATA_DIR es la carpeta de datos del sitio, revísalo en .env o en el entorno (o pon",
      "  DATABASE_URL si el sitio usa PostgreSQL). Para crear ahí una base de datos nueva, vacía:",
      "  npm run db:migrate -- --init",
    ].join("\n"),
  );
  process.exit(1);
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
  : `la base de datos embebida de ${dataDir}`;
if (created) console.log(`Creada una base de datos embebida nueva, vacía, en ${dataDir}.`);
console.log(`Migraciones al día en ${where} (${count} en esta versión).`);
