/**
 * Where a quote request's files wait while it is read (decision 151): a folder of its own under
 * the system's temporary folder, named by the process (`obra-upload-<pid>-XXXXXX`), removed
 * once the request is answered. A process killed in the middle of an upload leaves its folder
 * behind; the next start removes the folders of processes that are gone.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

const prefix = "obra-upload-";
/** A folder's name and the process id in it. */
const folderName = new RegExp(`^${prefix}(\\d+)-`);

export interface UploadFolder {
  path: string;
  /** Removes the folder and everything in it (again is harmless). */
  discard: () => Promise<void>;
}

export async function createUploadFolder(root = os.tmpdir()): Promise<UploadFolder> {
  const folder = await mkdtemp(path.join(root, `${prefix}${process.pid}-`));
  return { path: folder, discard: () => rm(folder, { recursive: true, force: true }) };
}

/** Removes the folders left by processes no longer running; answers how many. */
export async function sweepUploadFolders(root = os.tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const pid = Number(folderName.exec(name)?.[1]);
    if (!pid || isRunning(pid)) continue;
    await rm(path.join(root, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** Whether a process with this id exists (another account's counts: its files are not ours). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
