import { describe, expect, it } from "vitest";
import { phoneDigits } from "./search.ts";

describe("phoneDigits", () => {
  it("reads a number however it is written, without a leading +34 or 0034", () => {
    for (const term of [
      "612345678",
      "+34612345678",
      "0034612345678",
      "612-345-678",
      "612.345.678",
      "612/345/678",
      "(+34) 612 345 678",
      "+34 612-345-678",
    ]) {
      expect(phoneDigits(term), term).toBe("612345678");
    }
    expect(phoneDigits("34612345678")).toBe("34612345678");
    expect(phoneDigits("+44 20 7946 0000")).toBe("442079460000");
  });

  it("leaves words with letters or other signs, and a bare country code, to the text search", () => {
    for (const term of ["ana", "612a345", "612_345", "+", "-", "+34", "0034", ""]) {
      expect(phoneDigits(term), term).toBeUndefined();
    }
  });
});
