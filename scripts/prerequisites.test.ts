import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decide, requirements } from "./prerequisites.mjs";

/**
 * The decision `npm test` and `.ci/run` take before the first stage (decision 208): PATH points
 * at a folder of our own, holding only the programs each case gives it.
 */
const scratch = mkdtempSync(path.join(os.tmpdir(), "obra-prerequisites-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let folders = 0;
/** A folder holding an executable file for each name (never run: only found). */
function folderWith(...programs: string[]): string {
  const dir = path.join(scratch, String(++folders));
  mkdirSync(dir);
  for (const program of programs) {
    writeFileSync(path.join(dir, program), "#!/bin/sh\nexit 0\n");
    chmodSync(path.join(dir, program), 0o755);
  }
  return dir;
}

const everyPackage = [
  "chromium-headless-shell",
  "nginx-light",
  "openssl",
  "postgresql-client",
  "bsdutils",
];
const everyCommand = requirements.map((r) => r.command);
// Machine-independent: nothing is looked for in this machine's /usr/sbin.
const none: string[] = [];

describe("before npm test's first stage", () => {
  it("runs nothing when every program is on the PATH", () => {
    expect(decide({ PATH: folderWith(...everyCommand) }, { offPathDirs: none })).toEqual({});
  });

  it("as root on Debian, installs every missing package with apt-get, upgrading nothing", () => {
    const decision = decide({ PATH: folderWith("apt-get") }, { root: true, offPathDirs: none });
    expect(decision.commands).toEqual([
      ["apt-get", "update", "-qq"],
      ["apt-get", "install", "-y", "-qq", "--no-upgrade", ...everyPackage],
    ]);
  });

  it("installs only what is missing: nginx alone is nginx-light alone", () => {
    const present = everyCommand.filter((c) => c !== "nginx");
    const decision = decide(
      { PATH: folderWith("apt-get", ...present) },
      { root: true, offPathDirs: none },
    );
    expect(decision.commands?.[1]).toEqual([
      "apt-get",
      "install",
      "-y",
      "-qq",
      "--no-upgrade",
      "nginx-light",
    ]);
  });

  it("a file that is not executable is not the program", () => {
    const dir = folderWith("apt-get", ...everyCommand.filter((c) => c !== "nginx"));
    writeFileSync(path.join(dir, "nginx"), "");
    const decision = decide({ PATH: dir }, { root: true, offPathDirs: none });
    expect(decision.commands?.[1]?.at(-1)).toBe("nginx-light");
  });

  it("with passwordless sudo, installs through sudo", () => {
    const decision = decide(
      { PATH: folderWith("apt-get", "sudo") },
      { root: false, passwordlessSudo: true, offPathDirs: none },
    );
    expect(decision.commands).toEqual([
      ["sudo", "apt-get", "update", "-qq"],
      ["sudo", "apt-get", "install", "-y", "-qq", "--no-upgrade", ...everyPackage],
    ]);
  });

  it("not root and no passwordless sudo: one line naming the command to run", () => {
    const decision = decide({ PATH: folderWith("apt-get", "sudo") }, { offPathDirs: none });
    expect(decision.commands).toBeUndefined();
    expect(decision.line).toBe(
      "npm test cannot start: this machine lacks chromium-headless-shell (browser tests), " +
        "nginx (deploy test), openssl (deploy test's certificate), pg_restore (backup tests), " +
        "script (user:create's prompt test). Run: sudo apt-get update && sudo apt-get install " +
        "-y --no-upgrade chromium-headless-shell nginx-light openssl postgresql-client bsdutils " +
        "&& npm test",
    );
    expect(decision.line).not.toContain("\n");
    // No sudo on the machine: the command is root's.
    expect(decide({ PATH: folderWith("apt-get", "pg_restore") }, { offPathDirs: none }).line).toBe(
      "npm test cannot start: this machine lacks chromium-headless-shell (browser tests), " +
        "nginx (deploy test), openssl (deploy test's certificate), script (user:create's prompt " +
        "test). As root, run: apt-get update && apt-get install -y --no-upgrade " +
        "chromium-headless-shell nginx-light openssl bsdutils; then run: npm test",
    );
  });

  it("no apt-get (not Debian): one line naming the packages, even as root", () => {
    const present = everyCommand.filter((c) => c !== "nginx");
    const decision = decide({ PATH: folderWith(...present) }, { root: true, offPathDirs: none });
    expect(decision).toEqual({
      line:
        "npm test cannot start: this machine lacks nginx (deploy test). Install it with this " +
        "system's package manager (Debian's: nginx-light), then run: npm test",
    });
  });

  it("a program installed off the PATH (Debian's /usr/sbin for a user) is not installed again", () => {
    const sbin = folderWith("nginx");
    const present = everyCommand.filter((c) => c !== "nginx");
    expect(decide({ PATH: folderWith(...present) }, { offPathDirs: [sbin] })).toEqual({
      line: `npm test cannot start: ${sbin} is not on your PATH. Run: PATH="$PATH:${sbin}" npm test`,
    });
    // With something else missing too, the one line says both.
    const withoutChromium = present.filter((c) => c !== "chromium-headless-shell");
    expect(
      decide({ PATH: folderWith("apt-get", "sudo", ...withoutChromium) }, { offPathDirs: [sbin] })
        .line,
    ).toBe(
      `npm test cannot start: this machine lacks chromium-headless-shell (browser tests), and ${sbin} ` +
        `is not on your PATH. Run: sudo apt-get update && sudo apt-get install -y --no-upgrade ` +
        `chromium-headless-shell && PATH="$PATH:${sbin}" npm test`,
    );
  });

  it("CHROMIUM_PATH stands for the headless shell, and must be a program", () => {
    const others = everyCommand.filter((c) => c !== "chromium-headless-shell");
    const chromium = path.join(folderWith("chromium"), "chromium");
    expect(
      decide({ PATH: folderWith(...others), CHROMIUM_PATH: chromium }, { offPathDirs: none }),
    ).toEqual({});
    const wrong = path.join(scratch, "no-such-chromium");
    expect(
      decide({ PATH: folderWith(...others), CHROMIUM_PATH: wrong }, { offPathDirs: none }),
    ).toEqual({
      line: `npm test cannot start: CHROMIUM_PATH=${wrong} is not a program: point it at Chromium.`,
    });
  });

  it("npm test stops with that one line before any stage when it cannot install", () => {
    // No apt-get on this PATH: nothing can be installed, whatever this machine has elsewhere.
    const result = spawnSync(process.execPath, ["scripts/test.mjs"], {
      env: { HOME: process.env.HOME, PATH: folderWith() },
      encoding: "utf8",
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^npm test cannot start: this machine lacks chromium-headless-shell/);
  });
});
