/**
 * `npm run db:restore -- FILE [--yes]`: puts a backup made by `npm run db:backup` in place of
 * the configured database (docs/operations.md). First it says how many leads of the current
 * database are newer than the backup's newest, which the restore takes away, and when there
 * are any it asks (a terminal) or wants --yes (decision 087). The current data is kept: the
 * embedded folder moved aside, PostgreSQL dumped to FILE.before-restore-<time>.
 * PostgreSQL: in one transaction, so a failure changes nothing; refused while a site instance
 * is connected (their session caches would not see the change).
 * The embedded database: only while the site is stopped.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { OFFICE_TIME_ZONE } from "../content/office-clock.ts";
import { controlSocketPath, serverAnswers } from "../server/control.ts";
import { lockEmbeddedDatabase } from "../server/data-dir.ts";
import {
  backupKindOf,
  dumpPostgres,
  fileTime,
  newerLeadsInPglite,
  newerLeadsInPostgres,
  newestLeadInPostgresBackup,
  putRestoredInPlace,
  readHead,
  restorePostgres,
  runningSites,
  timestampMicros,
  unpackPgliteRestore,
} from "../server/db/backup.ts";
import { parseCommandEnv } from "../server/env.ts";

const usage = "Uso: npm run db:restore -- ARCHIVO [--yes]";
function stop(message: string): never {
  console.error(`Error: ${message}`);
  process.exit(1);
}
/** Refused before anything changed; thrown so that what was prepared is cleaned away. */
class NotRestored extends Error {}

let file: string | undefined;
let yes = false;
try {
  const { values, positionals } = parseArgs({
    options: { yes: { type: "boolean", short: "y" } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) throw new Error("un archivo");
  [file] = positionals;
  yes = values.yes === true;
} catch {
  console.error(usage);
  process.exit(1);
}

const env = parseCommandEnv();
const source = path.resolve(file as string);
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

/** A lead's created_at as the office reads it: "27 de noviembre de 2026, 10:15". */
function leadTime(timestamp: string): string {
  const micros = timestampMicros(timestamp);
  if (micros === undefined) return timestamp;
  return new Intl.DateTimeFormat("es-ES", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: OFFICE_TIME_ZONE,
  }).format(new Date(micros / 1000));
}

/**
 * Says what the restore takes away and, when it takes leads, goes on only with --yes or a
 * «sí» typed on a terminal. Without a terminal (a script, CI=true) and without --yes it stops:
 * nothing answers a question there, and losing leads must be asked for in so many words.
 */
async function confirmLeadsLost(newer: number, newest: string | null): Promise<void> {
  const until = newest
    ? `el último de la copia es del ${leadTime(newest)}`
    : "la copia no tiene ninguno";
  if (newer === 0) {
    console.log(`Ningún contacto de la base de datos actual es posterior a la copia (${until}).`);
    return;
  }
  const count =
    newer === 1
      ? "1 contacto (solicitud) posterior"
      : `${newer} contactos (solicitudes) posteriores`;
  console.log(
    `Atención: la base de datos actual tiene ${count} a la copia (${until}); al restaurar dejan de estar en el sitio (se guardan con los datos actuales).`,
  );
  if (yes) return;
  const ci = Boolean(process.env.CI) && !["false", "0"].includes(process.env.CI as string);
  const terminal = process.stdin.isTTY && process.stdout.isTTY && !ci;
  if (!terminal) {
    throw new NotRestored(
      `no se ha restaurado nada. Para restaurar de todos modos: npm run db:restore -- ${file} --yes`,
    );
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question("¿Restaurar de todos modos? Escribe «sí» para seguir: ");
  prompt.close();
  if (!/^\s*s[ií]\s*$/i.test(answer)) throw new NotRestored("no se ha restaurado nada.");
}

async function restoreIntoPostgres(databaseUrl: string) {
  const sites = await runningSites(databaseUrl);
  if (sites) {
    stop(
      `${sites === 1 ? "hay 1 instancia del sitio conectada" : `hay ${sites} instancias del sitio conectadas`} a la base de datos de DATABASE_URL; detenlas antes de restaurar (systemctl stop obra…) y arráncalas después.`,
    );
  }
  const newest = await newestLeadInPostgresBackup(source);
  await confirmLeadsLost(await newerLeadsInPostgres(databaseUrl, newest), newest);
  // What the database holds now, as a backup of its own: the restore drops it.
  const kept = `${source}.before-restore-${fileTime()}`;
  const partial = `${kept}.partial`;
  try {
    writeFileSync(partial, "", { mode: 0o600 });
    await dumpPostgres(databaseUrl, partial);
    renameSync(partial, kept);
  } catch (error) {
    rmSync(partial, { force: true });
    throw new NotRestored(
      `no se ha restaurado nada: no se han podido guardar antes los datos actuales en ${kept} (${(error as Error).message}).`,
    );
  }
  console.log(`Los datos que había se guardan en ${kept} (se restauran igual, con esta orden).`);
  await restorePostgres(databaseUrl, source);
  console.log(`Restaurada la copia ${source} en la base de datos de DATABASE_URL.`);
}

async function restoreIntoPglite() {
  if (await serverAnswers(controlSocketPath(env.DATA_DIR))) {
    stop("el servidor está en marcha; detenlo antes de restaurar la base de datos embebida.");
  }
  // A restore into a new DATA_DIR (trying a backup elsewhere) makes the folder, owner-only;
  // the lock keeps a server from starting on the folder meanwhile.
  mkdirSync(env.DATA_DIR, { recursive: true, mode: 0o700 });
  const unlock = lockEmbeddedDatabase(env.DATA_DIR);
  try {
    const dataDir = path.resolve(env.DATA_DIR, "pglite");
    const incoming = await unpackPgliteRestore(dataDir, source);
    try {
      await confirmLeadsLost(
        await newerLeadsInPglite(dataDir, incoming.newestLead),
        incoming.newestLead,
      );
    } catch (error) {
      rmSync(incoming.folder, { recursive: true, force: true });
      throw error;
    }
    const previous = putRestoredInPlace(dataDir, incoming.folder);
    console.log(`Restaurada la copia ${source} en ${dataDir}.`);
    if (previous)
      console.log(`Los datos que había se guardan en ${previous} (bórralos cuando quieras).`);
  } finally {
    unlock();
  }
}

try {
  if (env.DATABASE_URL) await restoreIntoPostgres(env.DATABASE_URL);
  else await restoreIntoPglite();
} catch (error) {
  if (error instanceof NotRestored) stop(error.message);
  stop(`no se ha restaurado la copia: ${(error as Error).message}`);
}
