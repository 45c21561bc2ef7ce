import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fontsCss } from "./fonts-css";

describe("app/fonts.css", () => {
  it("is what scripts/fonts/write-css.ts makes from the installed fonts (rerun it if not)", async () => {
    const committed = readFileSync(new URL("../../app/fonts.css", import.meta.url), "utf8");
    expect(committed).toBe(await fontsCss());
  });

  it("scales each fallback so its average glyph width matches the web font's", async () => {
    const css = await fontsCss();
    // Inter is wider than Arial (978 vs 913 units per 2048): the Arial face is enlarged ~7 %.
    expect(css).toMatch(/"Inter Variable Fallback: Arial";[^}]*size-adjust: 107\.\d+%/);
    expect(css).toMatch(/--font-sans: "Inter Variable", "Inter Variable Fallback: Arial"/);
    expect(css).toMatch(/--font-display: Fraunces, "Fraunces Fallback: Georgia"/);
  });
});
