import os from "node:os";
import path from "node:path";

/**
 * Where the SMTP peer of the browser tests writes each received message (one .eml file each).
 * A fixed path keyed by port: the global setup (main process) writes, test workers (separate
 * processes) read, and parallel runs on other ports never mix.
 */
export function mailDir(smtpPort: number): string {
  return path.join(os.tmpdir(), `obra-e2e-mail-${smtpPort}`);
}

/** A domain whose every address the SMTP peer refuses for good (550): a visitor's typo of gmail.com. */
export const refusedDomain = "gmial.con";
