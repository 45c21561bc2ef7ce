// `npm start`: builds when the build is missing, older than the sources, or made with other
// build-time settings (they are baked into the pre-rendered pages), then serves it.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
if (existsSync(".env")) process.loadEnvFile(".env");
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const entry = path.join(buildDir, "server/server.js");
const settingsFile = path.join(buildDir, ".build-settings.json");

/** What vite.config.ts reads from the environment at build time. */
const settings = JSON.stringify({
  APP_URL: process.env.APP_URL ?? "",
  GA_MEASUREMENT_ID: process.env.GA_MEASUREMENT_ID ?? "",
  ADS_CONVERSION_SEND_TO: process.env.ADS_CONVERSION_SEND_TO ?? "",
});

function newestSourceTime() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (full === path.join("public", "images", "generated")) continue; // made by the build
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ["app", "server", "content", "public"]) if (existsSync(dir)) walk(dir);
  for (const file of ["package.json", "vite.config.ts", "react-router.config.ts"]) {
    newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

const stale =
  !existsSync(entry) ||
  statSync(entry).mtimeMs < newestSourceTime() ||
  !existsSync(settingsFile) ||
  readFileSync(settingsFile, "utf8") !== settings;
if (stale) {
  await checkSettings();
  console.log("Building the site…");
  try {
    execSync("npx react-router build", { stdio: "inherit" });
  } catch (error) {
    // The build has said why on the terminal already.
    process.exit(error.status || 1);
  }
  writeFileSync(settingsFile, settings);
}
process.env.NODE_ENV ??= "production";
// Without a build to make, the server checks the settings first thing when it starts.
const { start } = await import(entry);
await start();

/**
 * Every setting is checked before a build, which takes minutes and bakes APP_URL in: a wrong
 * one ends the start with one line naming it (server/env.ts, read through tsx, which a build
 * needs anyway as a development dependency).
 */
async function checkSettings() {
  const { tsImport } = await import("tsx/esm/api");
  const { checkEnv, configErrorExitCode } = await tsImport("../server/env.ts", import.meta.url);
  const { problems } = checkEnv();
  if (problems) {
    process.stderr.write(`${problems.join("\n")}\n`);
    process.exit(configErrorExitCode);
  }
}
