import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, expectValidationErrors, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { imageBombs } from "../../tests/support/image-bombs.ts";
import { cameraJpeg } from "../../tests/support/photos.ts";
import { createUser, signIn, staffToken } from "../../tests/support/users.ts";
import { sitePhotoFiles, sitePhotos } from "../db/schema.ts";

/** Issue 35: photos staff upload for the public pages (decision 248). */
describe.skipIf(skipDatabase)("POST /api/site-photos and GET /media/{hash}", () => {
  const t = perSuite(() => createTestApp());
  let token: string;
  beforeAll(async () => {
    token = await staffToken(t.db);
  });
  afterAll(() => undefined);

  const upload = (data: Buffer | Uint8Array, name: string, bearer: string | null = token) =>
    t.app.request(`/api/site-photos?name=${encodeURIComponent(name)}`, {
      method: "POST",
      headers: {
        "content-type": "image/jpeg",
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: data as Uint8Array<ArrayBuffer>,
    });

  it("encodes a photo once to AVIF, WebP and JPEG at the pages' widths, without EXIF or GPS", async () => {
    const original = await cameraJpeg(2000, 1500);
    // What the camera wrote is there to be removed.
    expect(original.includes(Buffer.from("Serie 123456"))).toBe(true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(original, "cocina antes.jpg");
    expect(res.status).toBe(201);
    const { photo } = (await res.json()) as {
      photo: {
        id: number;
        width: number;
        height: number;
        srcSet: Record<string, string>;
        src: string;
      };
    };
    expect(photo).toMatchObject({ width: 1600, height: 1200, name: "cocina antes.jpg" });
    for (const format of ["avif", "webp", "jpeg"]) {
      const widths = photo.srcSet[format]?.split(", ").map((entry) => entry.split(" ")[1]);
      expect(widths).toEqual(["480w", "800w", "1200w", "1600w"]);
    }
    const avif = photo.srcSet.avif?.split(", ")[0]?.split(" ")[0] as string;
    const served = await t.app.request(avif);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/avif");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "heif", width: 480, height: 360 });
    const jpeg = Buffer.from(await (await t.app.request(photo.src)).arrayBuffer());
    const jpegMeta = await sharp(jpeg).metadata();
    expect(jpegMeta.width).toBe(800);
    expect(jpegMeta.exif).toBeUndefined();
    expect(jpeg.includes(Buffer.from("Serie 123456"))).toBe(false);
    expect(jpeg.includes(Buffer.from("GPS"))).toBe(false);
  }, 60_000);

  it("keeps a photo narrower than the pages' widths at its own size, and the same file once", async () => {
    const small = await cameraJpeg(600, 400, 7);
    const first = (await (await upload(small, "retrato.jpg")).json()) as {
      photo: { id: number; srcSet: Record<string, string> };
    };
    expect(first.photo.srcSet.webp?.split(", ").map((e) => e.split(" ")[1])).toEqual([
      "480w",
      "600w",
    ]);
    const again = await upload(small, "retrato-otra-vez.jpg");
    expect(again.status).toBe(201);
    expect(((await again.json()) as { photo: { id: number } }).photo.id).toBe(first.photo.id);
    const [stored] = await t.db
      .select({ n: count() })
      .from(sitePhotos)
      .where(eq(sitePhotos.id, first.photo.id));
    expect(stored?.n).toBe(1);
  }, 60_000);

  it("refuses a file that is not an image, naming it, and stores nothing", async () => {
    const before = await t.db.select({ n: count() }).from(sitePhotoFiles);
    await expectValidationErrors(await upload(Buffer.from("%PDF-1.7 hola"), "presupuesto.pdf"), {
      photo: ["«presupuesto.pdf» no es una imagen (JPG, PNG, WebP o HEIC)."],
    });
    expect(await t.db.select({ n: count() }).from(sitePhotoFiles)).toEqual(before);
  });

  for (const bomb of imageBombs) {
    it(`refuses ${bomb.what}, naming it, without decoding it`, async () => {
      const started = performance.now();
      await expectValidationErrors(await upload(await bomb.make(), bomb.name), {
        photo: [
          `«${bomb.name}» necesita demasiada memoria o tiempo para abrirla; guárdala como JPG normal o con menos resolución.`,
        ],
      });
      expect(performance.now() - started).toBeLessThan(2000);
    }, 60_000);
  }

  it("lets only staff of the projects or team sections upload", async () => {
    const photo = await cameraJpeg(300, 200, 3);
    expect((await upload(photo, "a.jpg", null)).status).toBe(401);
    const guest = await signIn(t.db, (await createUser(t.db, { role: "guest_user" })).id);
    expect((await upload(photo, "a.jpg", guest)).status).toBe(403);
    const unverified = await signIn(
      t.db,
      (await createUser(t.db, { role: "admin", verified: false })).id,
    );
    expect((await upload(photo, "a.jpg", unverified)).status).toBe(403);
    expect((await upload(photo, "a.jpg", await staffToken(t.db, "super_admin"))).status).toBe(201);
  }, 30_000);

  it("answers 404 for a file it does not hold, or asked with another format's extension", async () => {
    expect((await t.app.request(`/media/${"0".repeat(32)}.avif`)).status).toBe(404);
    const [file] = await t.db
      .select({ hash: sitePhotoFiles.hash, format: sitePhotoFiles.format })
      .from(sitePhotoFiles)
      .where(eq(sitePhotoFiles.format, "webp"))
      .limit(1);
    expect((await t.app.request(`/media/${file?.hash}.jpg`)).status).toBe(404);
    expect((await t.app.request("/media/../etc/passwd")).status).toBe(404);
  });
});
