// `npm start`: builds when the build is missing, older than the sources, or made with other
// build-time settings (they are baked into the pre-rendered pages), then serves it as
// `npm run serve` does.
import { execSync } from "node:child_process";
import { buildMatchesSettings, loadDotEnv, projectRoot } from "./build-state.mjs";
import { run } from "./run.mjs";

process.chdir(projectRoot);
loadDotEnv();
if (!buildMatchesSettings()) {
  console.log("Building the site…");
  execSync("npx react-router build", { stdio: "inherit" });
}
await run("serve", []);
