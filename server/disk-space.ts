/**
 * Free space on the disks the site writes to (decision 174): DATA_DIR (the embedded database,
 * mail files) and the system's temporary folder, where a quote request's photos wait while it is
 * read (decision 151). /readyz reports both, and a quote request keeps its photos only while
 * both have `lowDiskBytes` free.
 */
import { statfs } from "node:fs/promises";

export interface DiskSpace {
  /** Bytes this account may still write on the file system of `folder`; undefined if unknown. */
  free(folder: string): Promise<number | undefined>;
}

/**
 * Below this much free space a disk is "low". A quote request with five photos needs up to about
 * 60 MB in the temporary folder while it is read (the files as sent and re-encoded) and 30 MB in
 * the database (the JPEGs and their copy in PostgreSQL's log), and PostgreSQL must be able to
 * make a new 16 MB log segment at any moment: without one the embedded database stops (PANIC).
 * 200 MB keeps room for a few such requests and several segments, while the operator, told by
 * /readyz, makes room. A fixed amount, not a share of the disk: 5 % of a 1 TB disk would call
 * 50 GB low, and the same share of a small one would come too late.
 */
export const lowDiskBytes = 200 * 1024 * 1024;

/** statfs(2): the blocks available to an unprivileged account (root's reserve left out). */
export const diskSpace: DiskSpace = {
  async free(folder) {
    try {
      const { bavail, bsize } = await statfs(folder);
      return bavail * bsize;
    } catch {
      return undefined;
    }
  },
};

/**
 * A write refused for lack of space: Node's ENOSPC (EDQUOT: the account's quota), or libvips's
 * "No space left on device", which it reports in its message only.
 */
export function isNoSpace(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === "ENOSPC" ||
    code === "EDQUOT" ||
    (typeof message === "string" && /No space left on device|Disk quota exceeded/i.test(message))
  );
}
