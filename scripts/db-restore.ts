/**
 * `npm run db:restore -- FILE`: puts a backup made by `npm run db:backup` in place of the
 * configured database (docs/operations.md). PostgreSQL: in one transaction, so a failure
 * changes nothing; refused while a site instance is connected (their session caches would not
 * see the change).
 * The embedded database: only while the site is stopped; the replaced data folder is kept.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { controlSocketPath, serverAnswers } from "../server/control.ts";
import {
  backupKindOf,
  readHead,
  restorePglite,
  restorePostgres,
  runningSites,
} from "../server/db/backup.ts";
import { parseEnv } from "../server/env.ts";

const usage = "Uso: npm run db:restore -- ARCHIVO";
const [file, ...extra] = process.argv.slice(2);
if (!file || extra.length > 0 || file.startsWith("-")) {
  console.error(usage);
  process.exit(1);
}
function stop(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}

const env = parseEnv();
const source = path.resolve(file);
if (!existsSync(source)) stop(`no existe el archivo ${source}.`);
const kind = backupKindOf(readHead(source));
const expected = env.DATABASE_URL ? "postgres" : "pglite";
const names = {
  postgres: "PostgreSQL (DATABASE_URL)",
  pglite: "la embebida (sin DATABASE_URL)",
};
if (!kind) stop(`${source} no es una copia hecha con npm run db:backup.`);
if (kind !== expected) {
  stop(
    `${source} es una copia de otra clase de base de datos; la configurada es ${names[expected]}.`,
  );
}

try {
  if (env.DATABASE_URL) {
    const sites = await runningSites(env.DATABASE_URL);
    if (sites) {
      stop(
        `${sites === 1 ? "hay 1 instancia del sitio conectada" : `hay ${sites} instancias del sitio conectadas`} a la base de datos de DATABASE_URL; detenlas antes de restaurar (systemctl stop obra…) y arráncalas después.`,
      );
    }
    await restorePostgres(env.DATABASE_URL, source);
    console.log(`Restaurada la copia ${source} en la base de datos de DATABASE_URL.`);
  } else {
    if (await serverAnswers(controlSocketPath(env.DATA_DIR))) {
      stop("el servidor está en marcha; detenlo antes de restaurar la base de datos embebida.");
    }
    const dataDir = path.resolve(env.DATA_DIR, "pglite");
    const previous = await restorePglite(dataDir, readFileSync(source));
    console.log(`Restaurada la copia ${source} en ${dataDir}.`);
    if (previous)
      console.log(`Los datos que había se guardan en ${previous} (bórralos cuando quieras).`);
  }
} catch (error) {
  stop(`no se ha restaurado la copia: ${(error as Error).message}`);
}
