// `npm start`: builds when the build is missing, older than the sources, or made with other
// build-time settings (they are baked into the pre-rendered pages), then serves it as
// `npm run serve` does.
import { execSync } from "node:child_process";
import { buildMatchesSettings, loadDotEnv, projectRoot } from "./build-state.mjs";
import { run } from "./run.mjs";

process.chdir(projectRoot);
loadDotEnv();
if (!buildMatchesSettings()) {
  await checkSettings();
  // The first build encodes every image (progress per image), then bundles, pre-renders and
  // compresses; later builds take the images from .cache/.
  console.log("Building the site: images, then bundles and pages, then compression…");
  try {
    execSync("npx react-router build", { stdio: "inherit" });
  } catch (error) {
    // The build has said why on the terminal already.
    process.exit(error.status || 1);
  }
}
// Without a build to make, the server checks the settings first thing when it starts.
await run("serve", []);

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
