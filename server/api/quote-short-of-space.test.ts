import { readdirSync } from "node:fs";
import os from "node:os";
import { count, eq, like, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { company } from "../../content/company.ts";
import { createTestApp, perSuite, uniqueIp } from "../../tests/support/app.ts";
import { skipDatabase, testDatabaseKind } from "../../tests/support/database.ts";
import { contacts, leadPhotos, mailOutbox } from "../db/schema.ts";
import { log } from "../log.ts";

/**
 * A quote request when a disk the site writes to is short of space (decision 174): the request
 * is stored without the photos there is no room for, never refused for them, and the visitor
 * and the office are told; only a request whose text cannot be stored is refused, with the
 * phone. The free space is the test's (`free`); the database's refusal is PostgreSQL's own
 * disk_full, raised by a trigger.
 */
const megabytes = 1024 * 1024;
const free = { dataDir: 5000 * megabytes, uploads: 5000 * megabytes };

const fields = {
  name: "Lucía Ferrer",
  email: "lucia@example.test",
  message: "Os mando fotos del baño tal como está ahora.",
  form_fill_ms: "60000",
};

const jpeg = (width: number) =>
  sharp({ create: { width, height: 60, channels: 3, background: "#a0522d" } })
    .jpeg()
    .toBuffer();

/** PostgreSQL's answer when a table cannot grow: SQLSTATE 53100, raised before `table` inserts. */
const diskFullOn = (table: "contacts" | "lead_photos") => [
  sql.raw(`create or replace function disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file "base/5/16390": No space left on device'
      using errcode = 'disk_full'; end $$`),
  sql.raw(`create trigger disk_full before insert on ${table}
    for each row execute function disk_full()`),
];

describe.skipIf(skipDatabase)("a quote request short of disk space", () => {
  const t = perSuite(() =>
    createTestApp({
      env: { CONTACT_NOTIFY_TO: "oficina@obra.test" },
      disk: {
        free: async (folder) => (folder === os.tmpdir() ? free.uploads : free.dataDir),
      },
    }),
  );

  // The operator's lines, read by the tests instead of printed.
  beforeEach(() => {
    vi.spyOn(log, "warn").mockImplementation(() => {});
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    Object.assign(free, { dataDir: 5000 * megabytes, uploads: 5000 * megabytes });
    await t.db.execute(sql`drop trigger if exists disk_full on contacts`);
    await t.db.execute(sql`drop trigger if exists disk_full on lead_photos`);
    // No request leaves its files behind, kept or not.
    const ours = `obra-upload-${process.pid}-`;
    // vi.waitFor's default second is short for a file removal on a loaded machine (decision 195).
    await vi.waitFor(
      () => expect(readdirSync(os.tmpdir()).filter((name) => name.startsWith(ours))).toEqual([]),
      { timeout: 10_000, interval: 50 },
    );
  });

  async function send(subject: string) {
    const form = new FormData();
    for (const [key, value] of Object.entries({ ...fields, subject })) form.append(key, value);
    for (const [name, width] of [
      ["fachada.jpg", 80],
      ["patio.jpg", 90],
    ] as const) {
      form.append("photos", new File([new Uint8Array(await jpeg(width))], name));
    }
    return t.app.request("/api/contacts", {
      method: "POST",
      headers: { "X-Forwarded-For": uniqueIp() },
      body: form,
    });
  }

  const askedForThePhotos =
    "No hemos podido recibir las fotos «fachada.jpg» y «patio.jpg» por un problema técnico nuestro: envíanoslas por correo a hola@obramediterranea.es o por WhatsApp al 600 000 000";

  /** Stored without photos; the answer, the office's notice and the confirmation say so. */
  async function expectStoredWithoutPhotos(res: Response, subject: string) {
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toEqual({
      title: "¡Mensaje enviado!",
      message: `Gracias por escribirnos. ${askedForThePhotos}, indicando tu referencia.`,
      reference: expect.stringMatching(/^OM-\d{4}-\d{5}$/),
    });
    const [lead] = await t.db.select().from(contacts).where(eq(contacts.subject, subject));
    expect(lead?.message).toBe(fields.message);
    const [photos] = await t.db
      .select({ n: count() })
      .from(leadPhotos)
      .where(eq(leadPhotos.contact_id, lead?.id ?? 0));
    expect(photos?.n).toBe(0);
    expect(log.warn).toHaveBeenCalledWith(
      { id: undefined, contact: lead?.id, photos: 2 },
      "contacts: stored without photos for lack of disk space (see /readyz)",
    );

    const [notice] = await t.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `Solicitud de presupuesto ${answer.reference} · %`));
    expect(notice?.text?.replace(/\s+/g, " ")).toContain(
      "No se han podido guardar las 2 fotos que ha enviado: el disco del servidor está casi lleno. Le hemos pedido que las envíe por correo o por WhatsApp.",
    );
    expect(notice?.text).toContain("Fotos no recibidas: fachada.jpg\n");
    expect(notice?.text).not.toContain("Fotos recibidas");
    const [confirmation] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Hemos recibido tu solicitud ${answer.reference}`));
    // Counted, not named: a file's name is the sender's text (decision 205).
    expect(confirmation?.text?.replace(/\s+/g, " ")).toContain(
      `No hemos podido recibir las 2 fotos que enviaste por un problema técnico nuestro: envíanoslas por correo a hola@obramediterranea.es o por WhatsApp al 600 000 000, indicando la referencia ${answer.reference}.`,
    );
    expect(confirmation?.text).not.toContain("fachada.jpg");
  }

  it("stores it without its photos while the temporary folder's disk is low, and says how to send them", async () => {
    free.uploads = 150 * megabytes;
    await expectStoredWithoutPhotos(
      await send("Baño, poco espacio temporal"),
      "Baño, poco espacio temporal",
    );
  });

  // DATA_DIR holds the embedded database; PostgreSQL's disk is its server's (disk_full below).
  it.runIf(testDatabaseKind === "pglite")(
    "stores it without its photos while DATA_DIR's disk is low",
    async () => {
      free.dataDir = 150 * megabytes;
      await expectStoredWithoutPhotos(
        await send("Baño, poco espacio de datos"),
        "Baño, poco espacio de datos",
      );
    },
  );

  it("stores the text alone when the database has no room for the photos (disk_full)", async () => {
    for (const statement of diskFullOn("lead_photos")) await t.db.execute(statement);
    await expectStoredWithoutPhotos(
      await send("Baño, base de datos llena"),
      "Baño, base de datos llena",
    );
    expect(log.warn).toHaveBeenCalledWith(
      { id: undefined, err: expect.anything() },
      "contacts: no room for the photos, the request is stored without them",
    );
  });

  it("refuses with 503 and the phone when even the text cannot be stored", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    for (const statement of diskFullOn("contacts")) await t.db.execute(statement);
    const res = await t.post(
      "/api/contacts",
      { ...fields, subject: "Sin sitio para nada", form_fill_ms: 60000 },
      undefined,
      uniqueIp(),
    );
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      title: "Servicio no disponible",
      message: `No hemos podido guardar tu solicitud por un problema técnico nuestro. Llámanos al ${company.phone} o escríbenos a ${company.email} y la atendemos; lo que has escrito sigue en el formulario.`,
    });
    const [stored] = await t.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.subject, "Sin sitio para nada"));
    expect(stored?.n).toBe(0);
    // The operator's line: the cause, SQLSTATE and all.
    expect(errors).toHaveBeenCalledWith(
      {
        id: undefined,
        err: expect.objectContaining({ cause: expect.objectContaining({ code: "53100" }) }),
      },
      "contacts: no room on the database's disk, the request was not stored",
    );
  });
});
