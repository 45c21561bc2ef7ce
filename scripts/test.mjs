// `npm test`: unit and API tests on both databases, then the production build, then the
// deploy test and the browser tests against it. Stops at the first failing stage.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const run = (command, args) => {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const { status } = spawnSync(command, args, { stdio: "inherit", shell: false });
  if (status !== 0) process.exit(status ?? 1);
};

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
