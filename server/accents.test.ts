import { describe, expect, it } from "vitest";
import { foldAccents, searchPattern } from "./accents.ts";

describe("searchPattern", () => {
  it("lets each letter match its accented forms, in any case", () => {
    expect(searchPattern("Baño")).toBe("b[aàáâãäå][nñ][oòóôõö]");
    expect(searchPattern("JOSÉ")).toBe("j[oòóôõö]s[eèéêë]");
  });

  it("keeps every other character literal", () => {
    expect(searchPattern("1+1=2?")).toBe("1\\+1=2\\?");
    expect(searchPattern("(.*)[x]{2}|^$\\")).toBe("\\(\\.\\*\\)\\[x\\]\\{2\\}\\|\\^\\$\\\\");
    expect(searchPattern("100%_")).toBe("100%_");
  });
});

describe("foldAccents", () => {
  it("takes the accents off, as Unicode decomposes the letters (NFD)", () => {
    expect(foldAccents("Íñigo Muñoz, Pérez Güell, Çà i là")).toBe(
      "Inigo Munoz, Perez Guell, Ca i la",
    );
    // Letters that are no accented form of another stay as they are.
    expect(foldAccents("Øresund Æbleskiver ß ł")).toBe("Øresund Æbleskiver ß ł");
  });
});

describe("the search's letter classes", () => {
  it("hold every accented form the hand-written table held (decision 141), and ÿ", () => {
    const table: Record<string, string> = {
      a: "áàâäãå",
      e: "éèêë",
      i: "íìîï",
      o: "óòôöõ",
      u: "úùûü",
      n: "ñ",
      c: "ç",
      y: "ýÿ",
    };
    for (const [letter, forms] of Object.entries(table)) {
      const own = searchPattern(letter);
      expect([...own.slice(1, -1)].sort(), letter).toEqual([letter, ...forms].sort());
      for (const form of forms) expect(searchPattern(form), form).toBe(own);
    }
  });
});
