import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createUploadFolder, sweepUploadFolders } from "./upload-folder.ts";

describe("upload folders", () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "upload-folder-test-"));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("gives each request its own folder, named by the process, and removes it whole", async () => {
    const first = await createUploadFolder(root);
    const second = await createUploadFolder(root);
    expect(first.path).not.toBe(second.path);
    expect(path.basename(first.path)).toMatch(new RegExp(`^obra-upload-${process.pid}-`));
    await writeFile(path.join(first.path, "1"), "foto");
    await first.discard();
    await first.discard();
    expect(await readdir(root)).toEqual([path.basename(second.path)]);
  });

  it("removes at start the folders of processes that are gone, and only those", async () => {
    // A process that has run and ended: its id is free (the system does not reuse it at once).
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    const deadPid = Number(gone.stdout.toString());
    const left = path.join(root, `obra-upload-${deadPid}-AbC123`);
    await mkdir(left);
    await writeFile(path.join(left, "3.jpg"), "foto");
    const ours = await createUploadFolder(root);
    await mkdir(path.join(root, "otra-cosa-1"));
    expect(await sweepUploadFolders(root)).toBe(1);
    expect((await readdir(root)).sort()).toEqual([path.basename(ours.path), "otra-cosa-1"].sort());
  });
});
