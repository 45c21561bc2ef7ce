// `node scripts/run.mjs COMMAND [ARGS…]`: the operator's commands (package.json's serve,
// user:create, db:migrate, db:backup, db:restore, newsletter:consent, leads:remind). Each runs from the build
// when there is one (`npm run build` emits them into build/server/, with the migrations), so a
// production install (`npm ci --omit=dev`: no tsx, no Vite) has them all; from the TypeScript
// sources through tsx when the build is missing, or older than the sources on a machine that
// has tsx.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildDir, buildIsCurrent, loadDotEnv, projectRoot } from "./build-state.mjs";

/** Command → its source file and its entry in build/server/ (see vite.config.ts). */
const commands = {
  serve: { source: undefined, built: "server.js" },
  "user:create": { source: "scripts/user-create.ts", built: "user-create.js" },
  "db:migrate": { source: "scripts/db-migrate.ts", built: "db-migrate.js" },
  "db:backup": { source: "scripts/db-backup.ts", built: "db-backup.js" },
  "db:restore": { source: "scripts/db-restore.ts", built: "db-restore.js" },
  "newsletter:consent": {
    source: "scripts/newsletter-consent.ts",
    built: "newsletter-consent.js",
  },
  "leads:remind": { source: "scripts/leads-remind.ts", built: "leads-remind.js" },
};

/** Runs one command in this process with `args` as its own arguments. */
export async function run(name, args) {
  const command = commands[name];
  if (!command) {
    console.error(
      `Orden desconocida: ${name ?? "(ninguna)"}. Órdenes: ${Object.keys(commands).join(", ")}.`,
    );
    process.exit(1);
  }
  process.chdir(projectRoot);
  loadDotEnv();

  const built = path.join(buildDir(), "server", command.built);
  const useBuild = existsSync(built) && (!command.source || !hasTsx() || buildIsCurrent());
  // The command sees only its own arguments, as if it had been started directly.
  if (useBuild) {
    process.env.NODE_ENV ??= "production";
    // The migrations that belong to this build, not whatever the source tree holds now.
    process.env.MIGRATIONS_DIR ??= path.join(buildDir(), "server", "migrations");
    process.argv = [process.argv[0], built, ...args];
    const module = await import(pathToFileURL(built).href);
    if (name === "serve") await module.start();
  } else if (command.source && hasTsx()) {
    const { register } = await import("tsx/esm/api");
    register();
    const source = path.join(projectRoot, command.source);
    process.argv = [process.argv[0], source, ...args];
    await import(pathToFileURL(source).href);
  } else {
    const folder = path.relative(projectRoot, buildDir()) || ".";
    console.error(`No hay build en ${folder}/: ejecuta primero «npm run build».`);
    process.exit(1);
  }
}

function hasTsx() {
  try {
    createRequire(import.meta.url).resolve("tsx");
    return true;
  } catch {
    return false;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [name, ...args] = process.argv.slice(2);
  await run(name, args);
}
