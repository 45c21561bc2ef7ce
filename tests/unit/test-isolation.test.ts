import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedTestFiles } from "../support/isolated-files.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** A call that replaces a module, as the test files write it. */
const replacesAModule = /\bvi\.(mock|doMock|resetModules|unmock|doUnmock)\(/;

// Decision 185: a project's test files share their modules, so a file that replaces one must
// be in the "isolated" project, and that project holds no file that need not be there.
describe("the test files that replace a module", () => {
  it("are exactly the files the isolated project runs", () => {
    // vitest.config.ts's include.
    const testFiles = ["server", "app", "content", "scripts", "tests/unit"].flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
        .filter((file) => /\.test\.tsx?$/.test(file))
        .map((file) => path.posix.join(folder, file)),
    );
    expect(testFiles).toContain("tests/unit/test-isolation.test.ts");
    const replacing = testFiles.filter(
      (file) =>
        file !== "tests/unit/test-isolation.test.ts" &&
        replacesAModule.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(replacing.sort()).toEqual([...isolatedTestFiles].sort());
  });
});
