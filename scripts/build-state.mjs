// What `npm start` and scripts/run.mjs share: where the project and its build are, the `.env`
// file, and whether the build is older than the sources it was made from.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Reads `<project>/.env` when there is one, as every command does (server, CLI, build).
 * Variables already in the environment win (systemd's EnvironmentFile, a shell's export).
 */
export function loadDotEnv() {
  const file = path.join(projectRoot, ".env");
  if (existsSync(file)) process.loadEnvFile(file);
}

/** BUILD_DIR lets parallel checkouts or test runs build side by side (default: build/). */
export const buildDir = () => path.resolve(projectRoot, process.env.BUILD_DIR ?? "build");
export const serverEntry = () => path.join(buildDir(), "server/server.js");
export const buildSettingsFile = () => path.join(buildDir(), ".build-settings.json");

/** What vite.config.ts reads from the environment at build time (baked into the pages). */
export function buildSettings() {
  return JSON.stringify({
    APP_URL: process.env.APP_URL ?? "",
    GA_MEASUREMENT_ID: process.env.GA_MEASUREMENT_ID ?? "",
    ADS_CONVERSION_SEND_TO: process.env.ADS_CONVERSION_SEND_TO ?? "",
  });
}

/** Newest modification time among the build's sources (0 where the sources are absent). */
function newestSourceTime() {
  let newest = 0;
  const generated = path.join(projectRoot, "public", "images", "generated");
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (full === generated) continue; // made by the build
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ["app", "server", "content", "public", "scripts"]) {
    const full = path.join(projectRoot, dir);
    if (existsSync(full)) walk(full);
  }
  for (const file of ["package.json", "vite.config.ts", "react-router.config.ts"]) {
    const full = path.join(projectRoot, file);
    if (existsSync(full)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** True when the build exists and no source changed after it was made. */
export function buildIsCurrent() {
  const entry = serverEntry();
  return existsSync(entry) && statSync(entry).mtimeMs >= newestSourceTime();
}

/** True when the build is current and was made with today's build-time settings. */
export function buildMatchesSettings() {
  const file = buildSettingsFile();
  return buildIsCurrent() && existsSync(file) && readFileSync(file, "utf8") === buildSettings();
}
