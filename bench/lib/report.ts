/** docs/benchmarks.md, one `## ` section per bench, each replaced by its own bench's run. */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "./server.ts";

/** The line after which a section's figures are the bench's: what is above it (how to run, budget) stays. */
export const figuresMarker = "<!-- figures: written by the bench from here on -->";

/**
 * Replaces one `## ` section of docs/benchmarks.md, keeping the others, and keeping the section's
 * own text down to `figuresMarker` when it has one. BENCH_NO_REPORT=1 skips it (trial runs on a
 * busy machine should not overwrite the recorded figures).
 */
export function writeSection(heading: string, body: string) {
  if (process.env.BENCH_NO_REPORT === "1") return;
  const file = path.join(root, "docs/benchmarks.md");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const sections = current.split(/^(?=## )/m);
  const index = sections.findIndex((s) => s.startsWith(`${heading}\n`));
  const marker = index >= 0 ? (sections[index] ?? "").indexOf(figuresMarker) : -1;
  const kept =
    marker >= 0 ? (sections[index] ?? "").slice(0, marker + figuresMarker.length) : heading;
  const next = `${kept}\n\n${body}\n\n`;
  if (index >= 0) sections[index] = next;
  else sections.push(next);
  writeFileSync(file, sections.join("").replace(/\n{3,}/g, "\n\n"));
}

/** "Measured <date> with `<command>` (...; N cores, Node vX)." */
export function measuredLine(command: string, detail: string) {
  return `Measured ${new Date().toISOString().slice(0, 10)} with \`${command}\` (${detail}; ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)} at the start, Node ${process.version}).`;
}

/** A PASS/FAIL line, printed and kept for the report. */
export function verdict(lines: string[], property: string, ok: boolean, detail = "") {
  const line = `${ok ? "PASS" : "FAIL"} ${property}${detail ? `: ${detail}` : ""}`;
  console.log(line);
  lines.push(`- ${line}`);
  return ok;
}
