// «Mis solicitudes» (issue 36; decisions 263, 267, 268): a visitor reads, adds photos to and
// erases their own requests, and never anyone else's: by reference, by photo id, through the API.
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeadStatus } from "../../content/lead-statuses.ts";
import { registerUser } from "../../tests/support/accounts.ts";
import {
  createTestApp,
  expectValidationErrors,
  json,
  perSuite,
  uniqueIp,
} from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { listen } from "../../tests/support/listening.ts";
import { contacts, leadPhotos } from "../db/schema.ts";

const jpeg = (width = 320, height = 240, red = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

let serial = 0;

describe.skipIf(skipDatabase)("a visitor's own requests", () => {
  const t = perSuite(() => createTestApp());
  let ana: Awaited<ReturnType<typeof registerUser>>;
  let bruno: Awaited<ReturnType<typeof registerUser>>;

  beforeAll(async () => {
    ana = await registerUser(t, { name: "Ana Soler" });
    bruno = await registerUser(t, { name: "Bruno Vidal" });
  });

  /** A request sent signed in with `token`, with `photos`; answers its reference. */
  async function send(token: string, photos: Buffer[] = [], service = "reformas-de-cocinas") {
    serial += 1;
    const form = new FormData();
    const fields = {
      name: "Ana Soler",
      email: `ana${serial}@example.test`,
      subject: `Cocina ${serial}`,
      message: "Quiero cambiar los muebles y la encimera.",
      service,
      form_fill_ms: "60000",
    };
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    for (const [index, photo] of photos.entries()) {
      form.append("photos", new File([new Uint8Array(photo)], `cocina-${index + 1}.jpg`));
    }
    const res = await t.app.request("/api/contacts", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": uniqueIp() },
      body: form,
    });
    expect(res.status).toBe(201);
    return (await res.json()).reference as string;
  }

  function addPhotos(token: string | undefined, reference: string, photos: Buffer[]) {
    const form = new FormData();
    for (const [index, photo] of photos.entries()) {
      form.append("photos", new File([new Uint8Array(photo)], `nueva-${index + 1}.jpg`));
    }
    return t.app.request(`/api/my-requests/${reference}/photos`, {
      method: "POST",
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: form,
    });
  }

  const leadOf = async (reference: string) =>
    (await t.db.select().from(contacts).where(eq(contacts.reference, reference)))[0];
  const photoCount = async (reference: string) => {
    const lead = await leadOf(reference);
    const [row] = await t.db
      .select({ n: count() })
      .from(leadPhotos)
      .where(eq(leadPhotos.contact_id, lead?.id ?? 0));
    return row?.n;
  };
  const setStatus = (reference: string, status: LeadStatus) =>
    t.db.update(contacts).set({ status }).where(eq(contacts.reference, reference));
  const list = async (token: string) => {
    const res = await t.get("/api/my-requests", token);
    expect(res.status).toBe(200);
    return (await json(res)).requests as {
      reference: string;
      status: string;
      open: boolean;
      photos: { id: number; name: string }[];
    }[];
  };

  it("answers 401 to a visitor signed out, on every call", async () => {
    for (const res of [
      await t.get("/api/my-requests"),
      await t.get("/api/my-requests/OM-2026-00001/photos/1/thumbnail"),
      await addPhotos(undefined, "OM-2026-00001", [await jpeg()]),
      await t.post("/api/my-requests/OM-2026-00001/erase", {}),
    ]) {
      expect(res.status).toBe(401);
    }
  });

  it("lists the account's requests, newest first, in a client's words and nothing of staff's", async () => {
    const first = await send(ana.token, [await jpeg()]);
    const second = await send(ana.token, [], "reformas-de-banos");
    await send(bruno.token);
    const mine = await list(ana.token);
    expect(mine.map((request) => request.reference)).toEqual([second, first]);
    const [latest, earlier] = mine;
    expect(latest).toMatchObject({
      status: "Recibida",
      open: true,
      service: { value: "reformas-de-banos", label: expect.stringMatching(/baño/i) },
      photos: [],
    });
    expect(earlier?.photos.map((photo) => photo.name)).toEqual(["cocina-1.jpg"]);
    // Only what a client may read: no name, message, notes, assignee, reason or source.
    expect(Object.keys(latest ?? {}).sort()).toEqual(
      ["created_at", "open", "photos", "reference", "service", "status"].sort(),
    );
    expect((await list(bruno.token)).map((r) => r.reference)).not.toContain(first);
  });

  it("words each staff status as a client reads it, closed once won or lost", async () => {
    const reference = await send(ana.token);
    const seen: [string, boolean][] = [];
    for (const status of [
      "contactado",
      "visita",
      "presupuesto_enviado",
      "ganado",
      "perdido",
    ] as const) {
      await setStatus(reference, status);
      const request = (await list(ana.token)).find((r) => r.reference === reference);
      seen.push([request?.status ?? "", request?.open ?? true]);
    }
    expect(seen).toEqual([
      ["En estudio", true],
      ["Visita", true],
      ["Presupuesto enviado", true],
      ["Cerrada", false],
      ["Cerrada", false],
    ]);
  });

  it("adds photos to an open request, each once, checked as the quote form's", async () => {
    const reference = await send(ana.token, [await jpeg(320, 240, 10)]);
    const added = await addPhotos(ana.token, reference, [await jpeg(320, 240, 90)]);
    expect(added.status).toBe(200);
    expect((await json(added)).message).toBe("Hemos añadido 1 foto a tu solicitud.");
    expect(await photoCount(reference)).toBe(2);

    const again = await addPhotos(ana.token, reference, [await jpeg(320, 240, 90)]);
    expect((await json(again)).message).toMatch(/ya estaban/);
    expect(await photoCount(reference)).toBe(2);

    const notAnImage = await addPhotos(ana.token, reference, [Buffer.from("no soy una foto")]);
    const body = await expectValidationErrors(notAnImage, {
      photos: [expect.stringContaining("nueva-1.jpg")] as never,
    });
    expect(body.message).toBeTruthy();
    expect(await photoCount(reference)).toBe(2);

    const none = await addPhotos(ana.token, reference, []);
    await expectValidationErrors(none, { photos: ["Elige al menos una foto."] });
  });

  it("refuses photos for a closed request and past five, storing none", async () => {
    const reference = await send(ana.token);
    await setStatus(reference, "ganado");
    const closed = await addPhotos(ana.token, reference, [await jpeg()]);
    expect(closed.status).toBe(409);
    expect((await json(closed)).message).toMatch(/cerrada/);
    expect(await photoCount(reference)).toBe(0);

    const full = await send(
      ana.token,
      await Promise.all([11, 22, 33, 44, 55].map((red) => jpeg(320, 240, red))),
    );
    const sixth = await addPhotos(ana.token, full, [await jpeg(320, 240, 66)]);
    expect(sixth.status).toBe(409);
    expect((await json(sixth)).message).toMatch(/5 fotos, el máximo/);
    expect(await photoCount(full)).toBe(5);
  });

  it("refuses a body over the upload limit, or cut short, with a Spanish message", async () => {
    const reference = await send(ana.token);
    const tooLarge = await t.app.request(`/api/my-requests/${reference}/photos`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${ana.token}`,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": String(60 * 1024 * 1024),
      },
      body: "--x--",
    });
    expect(tooLarge.status).toBe(413);
    expect((await json(tooLarge)).message).toMatch(/como máximo 5 fotos/);
    const cut = await t.app.request(`/api/my-requests/${reference}/photos`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${ana.token}`,
        "Content-Type": "multipart/form-data; boundary=x",
      },
      body: '--x\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\n\r\nxx',
    });
    expect(cut.status).toBe(400);
    expect((await json(cut)).message).toMatch(/incompleto o dañado/);
    expect(await photoCount(reference)).toBe(0);
  });

  it("never lets one visitor read, add to or erase another's request", async () => {
    const anas = await send(ana.token, [await jpeg(320, 240, 120)]);
    const brunos = await send(bruno.token);
    const [photo] = (await list(ana.token)).find((r) => r.reference === anas)?.photos ?? [];
    expect(photo).toBeDefined();
    const own = await t.get(`/api/my-requests/${anas}/photos/${photo?.id}/thumbnail`, ana.token);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/jpeg");

    // By reference, by photo id under one's own reference, and by any made-up path.
    for (const path of [
      `/api/my-requests/${anas}/photos/${photo?.id}/thumbnail`,
      `/api/my-requests/${anas}/photos/${photo?.id}`,
      `/api/my-requests/${brunos}/photos/${photo?.id}/thumbnail`,
      `/api/my-requests/${brunos}/photos/${photo?.id}`,
      "/api/my-requests/OM-2026-99999/photos/1/thumbnail",
      "/api/my-requests/../contacts/photos/1",
    ]) {
      const res = await t.get(path, bruno.token);
      expect([404]).toContain(res.status);
    }
    const added = await addPhotos(bruno.token, anas, [await jpeg(320, 240, 130)]);
    expect(added.status).toBe(404);
    expect((await json(added)).message).toBe("Esa solicitud no existe o no es tuya.");
    expect(await photoCount(anas)).toBe(1);

    const erase = await t.post(`/api/my-requests/${anas}/erase`, {}, bruno.token);
    expect(erase.status).toBe(404);
    expect((await leadOf(anas))?.name).toBe("Ana Soler");
    expect((await list(bruno.token)).map((r) => r.reference)).not.toContain(anas);
  });

  it("erases the visitor's personal data in a request at once, as the retention sweep does", async () => {
    const reference = await send(ana.token, [await jpeg(320, 240, 150)]);
    await setStatus(reference, "visita");
    const res = await t.post(`/api/my-requests/${reference}/erase`, {}, ana.token);
    expect(res.status).toBe(200);
    expect((await json(res)).message).toContain(reference);
    const lead = await leadOf(reference);
    expect(lead).toMatchObject({
      name: "",
      email: null,
      subject: "",
      message: "",
      user_id: null,
      status: "perdido",
      lost_reason: "Datos personales borrados a petición del cliente; estaba en «Visita».",
    });
    expect(lead?.erased_at).toBeInstanceOf(Date);
    expect(await photoCount(reference)).toBe(0);
    expect((await list(ana.token)).map((r) => r.reference)).not.toContain(reference);
    expect((await t.post(`/api/my-requests/${reference}/erase`, {}, ana.token)).status).toBe(404);
  });

  describe("over a real socket", () => {
    let server: Awaited<ReturnType<typeof listen>>;
    beforeAll(async () => {
      server = await listen(t);
    });
    afterAll(() => server.close());

    it("serves a visitor their list and photos, and another's as nothing", async () => {
      const reference = await send(ana.token, [await jpeg(320, 240, 170)]);
      const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
      const mine = await fetch(`${server.base}/api/my-requests`, bearer(ana.token));
      expect(mine.status).toBe(200);
      expect(mine.headers.get("cache-control")).toMatch(/no-store/);
      const request = (
        (await mine.json()).requests as { reference: string; photos: { id: number }[] }[]
      ).find((r) => r.reference === reference);
      const photoPath = `/api/my-requests/${reference}/photos/${request?.photos[0]?.id}`;
      const photo = await fetch(`${server.base}${photoPath}`, bearer(ana.token));
      expect(photo.status).toBe(200);
      expect(photo.headers.get("x-content-type-options")).toBe("nosniff");
      expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(100);
      expect((await fetch(`${server.base}${photoPath}`, bearer(bruno.token))).status).toBe(404);
      expect((await fetch(`${server.base}${photoPath}`)).status).toBe(401);

      const form = new FormData();
      form.append("photos", new File([new Uint8Array(await jpeg(320, 240, 180))], "socket.jpg"));
      const theirs = await fetch(`${server.base}/api/my-requests/${reference}/photos`, {
        method: "POST",
        ...bearer(bruno.token),
        body: form,
      });
      expect(theirs.status).toBe(404);
      const added = await fetch(`${server.base}/api/my-requests/${reference}/photos`, {
        method: "POST",
        ...bearer(ana.token),
        body: form,
      });
      expect(added.status).toBe(200);
      expect(await photoCount(reference)).toBe(2);
    });
  });
});
