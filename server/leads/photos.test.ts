import { existsSync } from "node:fs";
import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { processPhoto } from "./photos.ts";

describe("processPhoto", () => {
  let folder: string;
  afterEach(() => rm(folder, { recursive: true, force: true }));

  // Linux's /dev/full refuses every write with ENOSPC, as a full disk does: the re-encoded JPEG
  // is written there through a link in its place (decision 174).
  it.runIf(existsSync("/dev/full"))(
    "says there is no room, not that the visitor's photo is broken, when the disk is full",
    async () => {
      folder = await mkdtemp(path.join(os.tmpdir(), "photos-test-"));
      const sent = path.join(folder, "1");
      await writeFile(
        sent,
        await sharp({ create: { width: 64, height: 48, channels: 3, background: "#808080" } })
          .jpeg()
          .toBuffer(),
      );
      await symlink("/dev/full", `${sent}.jpg`);
      expect(await processPhoto({ path: sent, sha256: Buffer.alloc(32) }, "baño.jpg")).toEqual({
        noSpace: true,
      });
    },
  );
});
