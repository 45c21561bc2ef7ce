import { describe, expect, it } from "vitest";
import { namedFileError } from "./pglite-file-errors.ts";

/** What PGlite throws when its file system fails: Emscripten's ErrnoError, a number only. */
class ErrnoError {
  name = "ErrnoError";
  constructor(readonly errno: number) {}
}

describe("PGlite's file errors", () => {
  it("say what happened and where, with the code an operator searches for", () => {
    const full = namedFileError(new ErrnoError(51), "/var/lib/obra/pglite") as Error & {
      code: string;
    };
    expect(full.message).toBe(
      "the embedded database in /var/lib/obra/pglite cannot be written: no space left on the device",
    );
    expect(full.code).toBe("ENOSPC");
    expect((namedFileError(new ErrnoError(69), "/x") as { code: string }).code).toBe("EROFS");
  });

  it("leave every other error as it was", () => {
    const other = new Error("relation does not exist");
    expect(namedFileError(other, "/x")).toBe(other);
    const unknown = new ErrnoError(7);
    expect(namedFileError(unknown, "/x")).toBe(unknown);
  });
});
