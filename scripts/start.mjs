// `npm start`: builds when the build is missing or older than the sources, then serves it.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const entry = path.join(root, "build/server/server.js");

function newestSourceTime() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
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

if (!existsSync(entry) || statSync(entry).mtimeMs < newestSourceTime()) {
  console.log("Building the site…");
  execSync("npx react-router build", { stdio: "inherit" });
}
process.env.NODE_ENV ??= "production";
const { start } = await import(entry);
await start();
