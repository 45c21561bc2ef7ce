import { describe, expect, it } from "vitest";
import { databaseFreeAlreadyRan } from "../../tests/support/database-free";
import { fileSize, nextSaid, percentOf, type Said, saidGap, sizeOf } from "./upload-progress";

const MB = 1024 * 1024;

describe.skipIf(databaseFreeAlreadyRan)("what the quote form shows of an upload", () => {
  it("says the percentage in Spanish typography, and 100 % only once every byte is gone", () => {
    expect(percentOf({ loaded: 0.45 * MB, total: MB })).toBe("45\u00a0%");
    expect(percentOf({ loaded: MB - 1, total: MB })).toBe("99\u00a0%");
    expect(percentOf({ loaded: MB, total: MB })).toBe("100\u00a0%");
    expect(percentOf({ loaded: 0, total: 0 })).toBe("0\u00a0%");
  });

  it("gives what is gone in the total's unit", () => {
    expect(sizeOf({ loaded: 0.9 * MB, total: 1.9 * MB })).toBe("0,9 de 1,9 MB");
    expect(sizeOf({ loaded: 0, total: 2 * MB })).toBe("0 de 2 MB");
    expect(sizeOf({ loaded: 300 * 1024, total: 850 * 1024 })).toBe("300 de 850 KB");
    expect(fileSize(1.94 * MB)).toBe("1,9 MB");
    expect(fileSize(200)).toBe("1 KB");
  });
});

describe.skipIf(databaseFreeAlreadyRan)("what the live region says of an upload", () => {
  /** Everything said of an upload whose progress arrives as `steps` ([fraction, ms] pairs). */
  function saidOf(steps: [number, number][]) {
    let said: Said = { quarter: 0, at: 0 };
    const heard: number[] = [];
    for (const [fraction, at] of steps) {
      const next = nextSaid(said, { loaded: fraction, total: 1 }, at);
      if (next) {
        said = next;
        heard.push(next.quarter);
      }
    }
    return heard;
  }

  it("follows a slow upload every quarter, and says when all is gone", () => {
    // 1,9 MB at 750 kbit/s: about 21 s, a progress event every 100 ms.
    const steps = Array.from({ length: 211 }, (_, i): [number, number] => [i / 210, i * 100]);
    expect(saidOf(steps)).toEqual([1, 2, 3, 4]);
  });

  it("says nothing more of a fast upload than that it started", () => {
    const steps = Array.from({ length: 21 }, (_, i): [number, number] => [i / 20, i * 50]);
    expect(saidOf(steps)).toEqual([]);
  });

  it("lets a pause pass after each thing said, and then says the latest quarter passed", () => {
    // Half gone within the pause after the start: 25 % is never said, 50 % is once it ends.
    expect(
      saidOf([
        [0.3, 1_000],
        [0.55, 3_000],
        [0.6, saidGap],
        [0.8, saidGap + 1_000],
        [0.9, 2 * saidGap + 1],
      ]),
    ).toEqual([2, 3]);
  });
});
