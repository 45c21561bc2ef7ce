import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../server/db/client.ts";
import { sitePhotos } from "../server/db/schema.ts";
import { encodeSitePhoto, hashOf } from "../server/site-photos/encode.ts";
import { sitePhotoFile, sitePhotoViews, storeSitePhoto } from "../server/site-photos/store.ts";
import {
  createPostgresTestDatabase,
  skipDatabase,
  testDatabaseKind,
} from "../tests/support/database.ts";
import { cameraJpeg } from "../tests/support/photos.ts";

/** Issue 35: staff photos live in the database, so db:backup and db:restore carry them (248). */
function cli(command: "db-backup" | "db-restore", file: string, env: Record<string, string>) {
  return new Promise<{ code: number; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [
        "--import",
        "tsx",
        `scripts/${command}.ts`,
        file,
        ...(command === "db-restore" ? ["--yes"] : []),
      ],
      {
        cwd: path.resolve(import.meta.dirname, ".."),
        env: { ...process.env, DATABASE_URL: "", REDIS_URL: "", CI: "true", ...env },
        timeout: 120_000,
      },
      (error, _stdout, stderr) =>
        resolve({ code: error ? ((error.code as number) ?? 1) : 0, stderr }),
    );
  });
}

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "obra-photo-backup-"));

/** A photo stored as an upload stores it; answers its variants' hashes. */
async function storePhoto(database: DatabaseHandle) {
  const folder = tempDir();
  const file = path.join(folder, "fachada.jpg");
  const { writeFile } = await import("node:fs/promises");
  await writeFile(file, await cameraJpeg(900, 600, 11));
  const encoded = await encodeSitePhoto(file, "fachada.jpg");
  if ("error" in encoded) throw new Error(encoded.error);
  const id = await storeSitePhoto(
    database.db,
    { originalSha256: Buffer.alloc(32, 7), name: "fachada.jpg", uploadedBy: null },
    encoded,
  );
  return { id, hashes: encoded.variants.map((variant) => variant.hash) };
}

/** Every variant is back, byte for byte (its hash is its content's). */
async function expectPhoto(database: DatabaseHandle, id: number, hashes: string[]) {
  expect((await sitePhotoViews(database.db, [id])).get(id)).toMatchObject({
    width: 900,
    height: 600,
  });
  for (const hash of hashes) {
    const file = await sitePhotoFile(database.db, hash);
    expect(file && hashOf(file.bytes)).toBe(hash);
  }
}

describe.skipIf(testDatabaseKind !== "pglite")(
  "db:backup and db:restore carry staff photos, embedded",
  () => {
    it("restores the photos deleted after the backup", { timeout: 300_000 }, async () => {
      const dataDir = tempDir();
      const env = { DATA_DIR: dataDir };
      const dataFolder = path.join(dataDir, "pglite");
      let database = await openPglite({
        dataDir: dataFolder,
        loadDataDir: new Blob([readFileSync(inject("pgliteDump"))]),
      });
      const { id, hashes } = await storePhoto(database);
      await database.close();
      const file = path.join(tempDir(), "obra.backup");
      expect(await cli("db-backup", file, env)).toMatchObject({ code: 0, stderr: "" });

      database = await openPglite({ dataDir: dataFolder });
      await database.db.delete(sitePhotos);
      expect(await sitePhotoFile(database.db, hashes[0] as string)).toBeUndefined();
      await database.close();

      expect(await cli("db-restore", file, env)).toMatchObject({ code: 0, stderr: "" });
      database = await openPglite({ dataDir: dataFolder });
      await expectPhoto(database, id, hashes);
      await database.close();
    });
  },
);

describe.skipIf(testDatabaseKind !== "postgres" || skipDatabase)(
  "db:backup and db:restore carry staff photos, PostgreSQL",
  () => {
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>> | undefined;
    let handle: DatabaseHandle | undefined;
    afterAll(async () => {
      await handle?.close();
      await database?.drop();
    });

    it("restores the photos deleted after the backup", { timeout: 300_000 }, async () => {
      database = await createPostgresTestDatabase();
      handle = await openPostgres(database.url);
      const env = { DATA_DIR: tempDir(), DATABASE_URL: database.url };
      const { id, hashes } = await storePhoto(handle);
      const file = path.join(tempDir(), "obra.backup");
      expect(await cli("db-backup", file, env)).toMatchObject({ code: 0, stderr: "" });
      await handle.db.delete(sitePhotos);
      expect(await sitePhotoFile(handle.db, hashes[0] as string)).toBeUndefined();
      expect(await cli("db-restore", file, env)).toMatchObject({ code: 0, stderr: "" });
      await expectPhoto(handle, id, hashes);
    });
  },
);
