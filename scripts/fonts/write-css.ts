/**
 * `node --import tsx scripts/fonts/write-css.ts`: rewrites app/fonts.css from the font files
 * and the fallback metrics (scripts/fonts/fonts-css.ts). Run it after updating a font package;
 * fonts-css.test.ts fails until then.
 */
import { writeFileSync } from "node:fs";
import { fontsCss } from "./fonts-css.ts";

writeFileSync(new URL("../../app/fonts.css", import.meta.url), await fontsCss());
console.log("[fonts] app/fonts.css written");
