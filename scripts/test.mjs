// `npm test`: lint, unit and API tests on both databases, then the production build, then the
// deploy test and the browser tests against it. Stops at the first failing stage.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { prepareMachine } from "./prerequisites.mjs";

const run = (command, args) => {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const { status } = spawnSync(command, args, { stdio: "inherit", shell: false });
  if (status !== 0) process.exit(status ?? 1);
};

// nginx, the headless Chromium and the like, installed as CI installs them, or one line saying
// what to run, before any stage (decision 208).
const cannotStart = prepareMachine();
if (cannotStart) {
  console.error(cannotStart);
  process.exit(1);
}

// Lint first: it also keeps the import boundaries of biome.json (app/ never imports server/,
// public pages never import admin or account screens' code; decision 120).
run("npx", ["biome", "check", "."]);
run("npx", ["vitest", "run"]);
const hasBrowserTests = readdirSync("tests/e2e", { recursive: true }).some((f) =>
  String(f).endsWith(".spec.ts"),
);
if (hasBrowserTests) {
  run("npx", ["react-router", "build"]);
  // docs/deploy.md's scale-out section behind a real nginx (tests/deploy/).
  run("npx", ["vitest", "run", "--config", "tests/deploy/vitest.config.ts"]);
  run("npx", ["playwright", "test"]);
}
