// `npm start`: builds when the build is missing, older than the sources, or made with other
// build-time settings (they are baked into the pre-rendered pages), then serves it as
// `npm run serve` does.
import { execSync } from "node:child_process";
import { buildMatchesSettings, loadDotEnv, projectRoot } from "./build-state.mjs";
import { run } from "./run.mjs";

process.chdir(projectRoot);
loadDotEnv();
if (!buildMatchesSettings()) {
  // The first build encodes every image (progress per image), then bundles, pre-renders and
  // compresses; later builds take the images from .cache/.
  console.log("Building the site: images, then bundles and pages, then compression…");
  execSync("npx react-router build", { stdio: "inherit" });
}
await run("serve", []);
