/**
 * `npm run db:backup -- FILE`: a copy of the configured database in FILE (docs/operations.md).
 * PostgreSQL (DATABASE_URL): pg_dump's custom format. The embedded database: its data directory
 * gzipped. While the server runs, it copies the folder beside it between two queries (the
 * folder is its alone) and this command packs the copy; when no server runs, the folder
 * itself, under the database's lock. Restore with `npm run db:restore -- FILE`.
 */
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { requestRunningSite } from "../server/control.ts";
import { lockEmbeddedDatabase, operatorMessage } from "../server/data-dir.ts";
import { dumpPostgres, packPgliteFolder } from "../server/db/backup.ts";
import { parseCommandEnv } from "../server/env.ts";

const usage = "Uso: npm run db:backup -- ARCHIVO";
const [file, ...extra] = process.argv.slice(2);
if (!file || extra.length > 0 || file.startsWith("-")) {
  console.error(usage);
  process.exit(1);
}
const env = parseCommandEnv();
const target = path.resolve(file);
// Written beside the target, then renamed: a failed backup never leaves a truncated FILE.
const partial = `${target}.partial`;
mkdirSync(path.dirname(target), { recursive: true });

async function backUpPglite(): Promise<string> {
  // A generous wait: the site copies a large folder on a busy machine.
  const viaServer = await requestRunningSite(env.DATA_DIR, { command: "db:backup" }, 300_000);
  if (viaServer) {
    if (!viaServer.ok) throw new Error(viaServer.message);
    if ("snapshot" in viaServer) {
      try {
        await packPgliteFolder(viaServer.snapshot, partial);
      } finally {
        rmSync(viaServer.snapshot, { recursive: true, force: true });
      }
    } else if ("backup" in viaServer) {
      // A site of the previous version, still running during an upgrade (operations.md).
      writeFileSync(partial, Buffer.from(viaServer.backup, "base64"), { mode: 0o600 });
    } else throw new Error("respuesta inesperada del servidor.");
    return "a través del servidor en marcha";
  }
  const dataDir = path.resolve(env.DATA_DIR, "pglite");
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) {
    throw new Error(`no hay base de datos embebida en ${dataDir} (revisa DATA_DIR).`);
  }
  // The folder as it lies, while no server may start on it.
  const unlock = lockEmbeddedDatabase(env.DATA_DIR);
  try {
    await packPgliteFolder(dataDir, partial);
  } finally {
    unlock();
  }
  return `de ${dataDir}`;
}

try {
  let how: string;
  if (env.DATABASE_URL) {
    // Owner-only from the start (pg_dump keeps the mode of a file that exists).
    writeFileSync(partial, "", { mode: 0o600 });
    await dumpPostgres(env.DATABASE_URL, partial);
    how = "con pg_dump";
  } else how = await backUpPglite();
  renameSync(partial, target);
  const size = (statSync(target).size / 1024).toFixed(0);
  const kind = env.DATABASE_URL ? "PostgreSQL" : "la base de datos embebida";
  console.log(`Copia de ${kind} guardada en ${target} (${size} KiB, ${how}).`);
} catch (error) {
  rmSync(partial, { force: true });
  console.error(`Error: no se ha hecho la copia: ${operatorMessage(error)}`);
  process.exit(1);
}
