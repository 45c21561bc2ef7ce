import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, count } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, skipDatabase } from "../../tests/support/database.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { contacts, leadPhotos } from "../db/schema.ts";
import type { LeadPhoto } from "./photos.ts";
import { storeLead } from "./store-lead.ts";

/** A lead and its photos are one transaction (decisions 131, 151): all of it or nothing. */
describe.skipIf(skipDatabase)("storeLead", () => {
  let handle: DatabaseHandle;
  let folder: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), "store-lead-test-"));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  let serial = 0;
  const lead = () => {
    serial += 1;
    return {
      name: "Pau Ribera",
      phone: "600 111 222",
      subject: `Terraza ${serial}`,
      message: "Impermeabilizar la terraza.",
    };
  };

  /** A re-encoded photo as photos.ts leaves it: a JPEG and its thumbnail in files. */
  async function photo(name: string): Promise<LeadPhoto> {
    const image = sharp({ create: { width: 64, height: 48, channels: 3, background: "#8a9" } });
    const file = path.join(folder, `${name}.jpg`);
    const thumbnailPath = path.join(folder, `${name}.thumbnail.jpg`);
    await image.clone().jpeg().toFile(file);
    await image.clone().resize(32).jpeg().toFile(thumbnailPath);
    return {
      name,
      contentType: "image/jpeg",
      width: 64,
      height: 48,
      path: file,
      thumbnailPath,
      originalSha256: createHash("sha256").update(name).digest(),
    };
  }

  const stored = async () => ({
    contacts: (await handle.db.select({ n: count() }).from(contacts))[0]?.n,
    photos: (await handle.db.select({ n: count() }).from(leadPhotos))[0]?.n,
  });
  const number = (reference: string) => Number(reference.slice(-5));

  it("reads each photo from its files into the lead's rows", async () => {
    const first = await photo("cocina");
    const result = await storeLead(handle.db, lead(), [first, await photo("plano")]);
    expect(result.photos).toEqual(["cocina", "plano"]);
    const rows = await handle.db.select().from(leadPhotos).orderBy(asc(leadPhotos.position));
    expect(rows.map((row) => [row.contact_id, row.position, row.name])).toEqual([
      [result.id, 1, "cocina"],
      [result.id, 2, "plano"],
    ]);
    expect((await sharp(rows[0]?.bytes).metadata()).width).toBe(64);
  });

  it("stores nothing of a request whose photo fails half way: no lead, no photo, no reference", async () => {
    const before = await stored();
    const { reference: last } = await storeLead(handle.db, lead());
    const lost = { ...(await photo("perdida")), path: path.join(folder, "no-existe.jpg") };
    await expect(storeLead(handle.db, lead(), [await photo("fachada"), lost])).rejects.toThrow();
    expect(await stored()).toEqual({ contacts: (before.contacts ?? 0) + 1, photos: before.photos });
    // The failed request's reference number is not used up: the next one follows the last.
    const { reference: next } = await storeLead(handle.db, lead());
    expect(number(next)).toBe(number(last) + 1);
  });
});
