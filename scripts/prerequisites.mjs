// What `npm test` needs from the machine besides node_modules, checked before its first stage and
// installed from Debian's packages the way CI does: `.ci/run` and scripts/test.mjs both run this
// file (decision 208). Where it cannot install (not root and no passwordless sudo, no apt-get),
// it stops with one line naming the command to run. Node's own modules only: CI runs it before
// `npm ci`. PostgreSQL and Redis are services, not programs: CI starts them, and without them
// the tests skip the PostgreSQL project loudly.
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Each program the tests run, the Debian package that brings it, and which tests need it. */
export const requirements = [
  // Decision 185; playwright.config.ts runs /usr/bin/chromium-headless-shell or CHROMIUM_PATH.
  { command: "chromium-headless-shell", package: "chromium-headless-shell", for: "browser tests" },
  { command: "nginx", package: "nginx-light", for: "deploy test" },
  { command: "openssl", package: "openssl", for: "deploy test's certificate" },
  // db:backup and db:restore on PostgreSQL (and their tests) use pg_dump, pg_restore and psql.
  { command: "pg_restore", package: "postgresql-client", for: "backup tests" },
  // user:create's hidden-prompt test runs it on a terminal made by util-linux's `script`.
  { command: "script", package: "bsdutils", for: "user:create's prompt test" },
];

/** Where Debian puts nginx: on root's PATH, not on another account's (Debian 12). */
const systemDirs = ["/usr/sbin", "/sbin"];

const isProgram = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The program's file in one of `dirs`, or undefined. */
export const findIn = (dirs, command) => dirs.map((dir) => path.join(dir, command)).find(isProgram);

const pathDirs = (env) => (env.PATH ?? "").split(path.delimiter).filter(Boolean);

/**
 * What to do, from the machine's facts: `{}` when nothing is missing, `{ commands }` to run (as
 * given: apt-get, or sudo apt-get), or `{ line }` to print before stopping.
 *
 * `env` is the environment the tests get (PATH, CHROMIUM_PATH); `machine` says whether this
 * process is root, whether sudo works without a password, and which folders to look in for a
 * program installed off the PATH (`systemDirs` unless a test says otherwise).
 */
export function decide(env, machine) {
  const { root = false, passwordlessSudo = false, offPathDirs = systemDirs } = machine;
  const dirs = pathDirs(env);
  const lines = [];
  const absent = [];
  const offPath = new Set();
  for (const requirement of requirements) {
    if (requirement.command === "chromium-headless-shell" && env.CHROMIUM_PATH) {
      if (!isProgram(env.CHROMIUM_PATH)) {
        lines.push(`CHROMIUM_PATH=${env.CHROMIUM_PATH} is not a program: point it at Chromium`);
      }
      continue;
    }
    if (findIn(dirs, requirement.command)) continue;
    const installed = findIn(offPathDirs, requirement.command);
    if (installed) offPath.add(path.dirname(installed));
    else absent.push(requirement);
  }
  if (lines.length) return { line: `npm test cannot start: ${lines.join("; ")}.` };
  if (absent.length === 0 && offPath.size === 0) return {};

  const lacks = absent.map((r) => `${r.command} (${r.for})`);
  const packages = [...new Set(absent.map((r) => r.package))];
  const withPath = offPath.size ? `PATH="$PATH:${[...offPath].join(":")}" npm test` : "npm test";
  const offPathNote = offPath.size ? `${[...offPath].join(" and ")} is not on your PATH` : "";
  if (absent.length === 0) {
    return { line: `npm test cannot start: ${offPathNote}. Run: ${withPath}` };
  }
  const canApt = Boolean(findIn(dirs, "apt-get"));
  const install = ["apt-get", "install", "-y", "-qq", "--no-upgrade", ...packages];
  if (canApt && (root || passwordlessSudo)) {
    const sudo = root ? [] : ["sudo"];
    return {
      commands: [
        [...sudo, "apt-get", "update", "-qq"],
        [...sudo, ...install],
      ],
      lacking: absent.map((r) => r.command),
    };
  }
  const needs = `npm test cannot start: this machine lacks ${lacks.join(", ")}${offPathNote ? `, and ${offPathNote}` : ""}.`;
  if (!canApt) {
    const chromium = absent.some((r) => r.command === "chromium-headless-shell")
      ? " (or set CHROMIUM_PATH to another Chromium)"
      : "";
    return {
      line: `${needs} Install ${packages.length === 1 ? "it" : "them"} with this system's package manager (Debian's: ${packages.join(" ")})${chromium}, then run: ${withPath}`,
    };
  }
  const apt = (sudo) =>
    `${sudo}apt-get update && ${sudo}apt-get install -y --no-upgrade ${packages.join(" ")}`;
  return {
    line: findIn(dirs, "sudo")
      ? `${needs} Run: ${apt("sudo ")} && ${withPath}`
      : `${needs} As root, run: ${apt("")}; then run: ${withPath}`,
  };
}

/** The facts `decide` needs about this process and machine. */
function thisMachine(env) {
  const root = process.getuid?.() === 0;
  const passwordlessSudo =
    !root &&
    Boolean(findIn(pathDirs(env), "sudo")) &&
    spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;
  return { root, passwordlessSudo };
}

/**
 * Installs what is missing when it can. Answers undefined when the tests can start, or the one
 * line to print before stopping.
 */
export function prepareMachine(env = process.env) {
  const first = decide(env, thisMachine(env));
  if (!first.commands) return first.line;
  console.log(`\nInstalling what the tests need: ${first.commands.at(-1).join(" ")}`);
  for (const [program, ...args] of first.commands) {
    const { status, error } = spawnSync(program, args, {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (status !== 0) {
      return `npm test cannot start: \`${[program, ...args].join(" ")}\` failed (${error?.message ?? `exit ${status}`}); run it by hand to see why, then run: npm test`;
    }
  }
  const after = decide(env, thisMachine(env));
  if (after.commands) {
    return `npm test cannot start: apt-get ran, yet ${after.lacking.join(", ")} is still not on the PATH.`;
  }
  return after.line;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const line = prepareMachine();
  if (line) {
    console.error(line);
    process.exit(1);
  }
}
