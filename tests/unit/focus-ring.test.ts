// The focus ring every control shows (app/app.css's :focus-visible and the `outline-focus`
// classes) stands out 3:1 from the grounds it rings on (WCAG 1.4.11; decision 196).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const theme = readFileSync(path.join(root, "app/theme.css"), "utf8");

/** A colour token of app/theme.css, as #rrggbb. */
function token(name: string): string {
  const value = new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, "i").exec(theme)?.[1];
  if (!value) throw new Error(`no --color-${name} in app/theme.css`);
  return value;
}

/** WCAG 2's contrast ratio of two sRGB colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const channel = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe("the focus ring", () => {
  it("has 3:1 against white and every ground a page or panel uses", () => {
    const focus = token("focus");
    for (const ground of [
      "#ffffff",
      ...["plaster", "sand-50", "sand-100", "sand-200", "ink"].map(token),
    ]) {
      expect(contrast(focus, ground), ground).toBeGreaterThanOrEqual(3);
    }
  });

  it("is the one colour of every focus outline", () => {
    const css = readFileSync(path.join(root, "app/app.css"), "utf8");
    expect(css).toMatch(/:focus-visible\s*\{[^}]*outline:\s*3px solid var\(--color-focus\)/);
    const lighter = readdirSync(path.join(root, "app"), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file))
      .filter((file) =>
        /(outline|ring)-ochre\b/.test(readFileSync(path.join(root, "app", file), "utf8")),
      );
    expect(lighter).toEqual([]);
  });
});
