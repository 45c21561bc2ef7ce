/** WASI's numbers for the file errors an operator can cause (a full disk, a read-only mount). */
const wasiFileErrors: Record<number, { code: string; text: string }> = {
  2: { code: "EACCES", text: "permission denied" },
  51: { code: "ENOSPC", text: "no space left on the device" },
  69: { code: "EROFS", text: "the file system is read-only" },
};

/**
 * PGlite's file system is Emscripten's: its errors carry a WASI number and no message, which
 * the start-up line showed as "[object Object]". Known ones become a sentence with their code.
 */
export function namedFileError(error: unknown, dataDir = "memory"): unknown {
  const { errno, message } = (error ?? {}) as { errno?: unknown; message?: unknown };
  const known = typeof errno === "number" && !message ? wasiFileErrors[errno] : undefined;
  if (!known) return error;
  return Object.assign(
    new Error(`the embedded database in ${dataDir} cannot be written: ${known.text}`),
    { code: known.code },
  );
}
