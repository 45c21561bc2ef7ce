import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { configErrorExitCode } from "./env.ts";

/**
 * DATA_DIR holds the embedded database (password hashes), the mail folder (live reset links)
 * and the control socket (creates accounts): only the account that runs the server may read or
 * write any of it (docs/decisions/079-data-dir-owner-only-and-locked.md).
 */

/**
 * Why the server will not start; its message is one line for the operator. `exitCode` 78 (the
 * settings' own, EX_CONFIG) when only the operator can mend it, so a unit with
 * RestartPreventExitStatus=78 stops retrying; 1 when a retry may find it mended (a database
 * another process still holds).
 */
export class StartRefused extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
    /** The same in Spanish, for the operator's commands (scripts/), which speak Spanish. */
    readonly inSpanish?: string,
  ) {
    super(message);
  }
}

/** What an operator's command prints for an error: a refusal's Spanish words when it has them. */
export function operatorMessage(error: unknown): string {
  if (error instanceof StartRefused && error.inSpanish) return error.inSpanish;
  return error instanceof Error ? error.message : String(error);
}

const prepared = new Set<string>();

/**
 * Whether DATA_DIR holds an embedded database. The site makes one at its first start; the
 * operator's commands make none (decision 086): a wrong DATA_DIR would get a new, empty one.
 */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(path.resolve(dataDir, "pglite", "PG_VERSION"));
}

/**
 * Makes DATA_DIR (when missing) and sets this process's umask to 077, so that everything made
 * in it afterwards is 0700/0600 whatever umask the server was started with: PGlite creates its
 * files with mode 0666 and leaves the rest to the umask. Refuses a folder that another account
 * can write (the folder or anything in it: a file there may already have been changed), and
 * takes away the read access that an older version left to others.
 *
 * For the embedded database, call it only while holding its lock (openDatabase does): a first
 * start's initdb writes 0666 files that the starting process tightens a moment later, and a
 * look at the folder from outside the lock took them for a folder open to others.
 */
export function prepareDataDir(dataDir: string): void {
  const root = makeDataDir(dataDir);
  if (prepared.has(root)) return;
  const writable = makeOwnerOnly(root);
  if (writable.length) throw writableRefusal(root, writable);
  prepared.add(root);
}

/**
 * What must come before the embedded database's lock: the umask, DATA_DIR itself (made when
 * missing) and a refusal when the folder itself is open to others, since the lock is a file
 * written in it. What lies inside is checked by prepareDataDir, under the lock.
 */
export function makeDataDir(dataDir: string): string {
  const root = path.resolve(dataDir);
  process.umask(0o077);
  makeWritableFolder(root);
  if (statSync(root).mode & 0o022) throw writableRefusal(root, [root]);
  return root;
}

function writableRefusal(root: string, writable: string[]) {
  const which =
    writable[0] === root ? "the folder itself" : `${writable.length} entries, e.g. ${writable[0]}`;
  const cuales =
    writable[0] === root
      ? "la propia carpeta"
      : `${writable.length} ${writable.length === 1 ? "elemento" : "elementos"}, p. ej. ${writable[0]}`;
  return new StartRefused(
    `DATA_DIR ${root} can be written by other accounts on this machine (${which}); check it, then make it this account's only with: chmod -R go-rwx ${root}`,
    configErrorExitCode,
    `otras cuentas de esta máquina pueden modificar DATA_DIR (${root}): ${cuales}. Revisa la carpeta y después déjala solo para esta cuenta con: chmod -R go-rwx ${root}`,
  );
}

/**
 * Makes the folder when missing and checks this account can write in it: a path through a file
 * (ENOTDIR), a file in its place (EEXIST), or a folder this account may not write (EACCES,
 * EPERM, a read-only mount's EROFS) stops the start in one line naming DATA_DIR, with the
 * settings' exit status: retrying cannot mend it.
 */
function makeWritableFolder(root: string) {
  try {
    mkdirSync(root, { recursive: true, mode: 0o700 });
    accessSync(root, constants.W_OK | constants.X_OK);
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    const why =
      code === "ENOTDIR" || code === "EEXIST"
        ? "is not a folder: it, or a folder on its path, is a file"
        : code === "EACCES" || code === "EPERM" || code === "EROFS"
          ? "cannot be written by this account"
          : undefined;
    if (!why) throw error;
    throw new StartRefused(
      `DATA_DIR ${root} ${why} (${code}); set DATA_DIR to a folder this account can write`,
      configErrorExitCode,
    );
  }
}

/**
 * Takes from group and others every access to `folder` and what it holds, except write access,
 * which it only reports (the entries others can write, whose modes it leaves as found). Also for
 * a folder just made by a library that sets its files' modes itself (PGlite's initdb: 0666).
 */
export function makeOwnerOnly(folder: string, { evenWritable = false } = {}): string[] {
  const entries = [
    folder,
    ...readdirSync(folder, { recursive: true }).map((p) => path.join(folder, String(p))),
  ];
  const writable: string[] = [];
  for (const entry of entries) {
    // The folder itself may be a link to the real one.
    const stat = entry === folder ? statSync(entry) : lstatSync(entry, { throwIfNoEntry: false });
    // A symbolic link's own mode means nothing; what it points to is checked where it lies.
    if (!stat || stat.isSymbolicLink()) continue;
    if (stat.mode & 0o022 && !evenWritable) writable.push(entry);
    else if (stat.mode & 0o077) chmodSync(entry, stat.mode & 0o700);
  }
  return writable;
}

/**
 * Takes the embedded database in DATA_DIR for this process: two processes writing one PGlite
 * folder lose data. The lock file names its holder (pid and, on Linux, the process's start
 * time, so a later process given the same pid after a crash or a reboot is not taken for it);
 * a lock whose holder is gone is taken over. Returns the release.
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const lockFile = path.resolve(dataDir, "pglite.lock");
  const me = processIdentity(process.pid);
  // Written whole under another name, then linked: the lock never exists half written, and
  // link() fails if it exists (also on the network filesystems where O_EXCL does not hold).
  const draft = `${lockFile}.${process.pid}`;
  writeFileSync(draft, me, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, lockFile);
        return () => {
          if (readLock(lockFile) === me) rmSync(lockFile, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = readLock(lockFile);
      if (holder === undefined) continue; // released meanwhile
      if (isRunning(holder)) {
        const pid = holder.split(" ")[0];
        throw new StartRefused(
          `The embedded database in ${path.resolve(dataDir)} is in use by another process (pid ${pid}): stop that server first (npm run user:create talks to it by itself), or run several instances on PostgreSQL with DATABASE_URL`,
          1,
          `la base de datos embebida de ${path.resolve(dataDir)} la tiene abierta otro proceso (pid ${pid}), que no responde por el socket de control: espera a que termine, o detenlo y repite la orden.`,
        );
      }
      // Left by a process that was killed: nobody writes the database any more.
      rmSync(lockFile, { force: true });
    }
    throw new StartRefused(
      `The embedded database in ${path.resolve(dataDir)} is being opened by another process at this very moment; start one server only`,
    );
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * The pid of the live process that holds the embedded database in DATA_DIR, if any: a site
 * (perhaps still starting, before its control socket listens) or another command.
 */
export function embeddedDatabaseHolder(dataDir: string): number | undefined {
  let holder: string | undefined;
  try {
    holder = readLock(path.resolve(dataDir, "pglite.lock"));
  } catch {
    return undefined; // a DATA_DIR that cannot be read: opening it says why
  }
  return holder !== undefined && isRunning(holder) ? Number(holder.split(" ")[0]) : undefined;
}

function readLock(lockFile: string): string | undefined {
  try {
    return readFileSync(lockFile, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** "pid starttime" on Linux (field 22 of /proc/<pid>/stat), "pid" elsewhere. */
function processIdentity(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The name in parentheses may hold spaces; the fields after it start at field 3.
    const startTime = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    return `${pid} ${startTime}`;
  } catch {
    return String(pid);
  }
}

function isRunning(holder: string): boolean {
  const pid = Number(holder.split(" ")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: alive, under another account.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  // The same pid may now belong to another process; on Linux its start time tells.
  const now = processIdentity(pid);
  return !holder.includes(" ") || !now.includes(" ") || now === holder;
}
