import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp, expectValidationErrors, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { contacts, mailOutbox } from "../db/schema.ts";

const valid = {
  name: "Marta López",
  email: "marta@example.test",
  phone: "+34 (600) 123-456",
  subject: "Reforma de baño",
  message: "Hola,\r\nquería un presupuesto para reformar el baño.",
};

describe.skipIf(skipDatabase)("POST /api/contacts", () => {
  const t = perSuite(() => createTestApp({ env: { CONTACT_NOTIFY_TO: "oficina@obra.test" } }));
  let ip = 0;
  /** Each call from its own address unless told, so the throttle stays out of the way. */
  const send = (body: unknown, from = `198.51.100.${++ip}`) =>
    t.post("/api/contacts", body, undefined, from);

  it("stores the message and thanks the visitor in Spanish", async () => {
    const res = await send(valid);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      title: "¡Mensaje enviado!",
      message: "Gracias por escribirnos.",
      reference: expect.stringMatching(/^OM-\d{4}-\d{5}$/),
    });
    const rows = await t.db.select().from(contacts);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      ...valid,
      message: "Hola,\nquería un presupuesto para reformar el baño.",
      handled: false,
    });
  });

  it("queues a notice to the office through the outbox", async () => {
    const notices = await t.db.select().from(mailOutbox);
    expect(
      notices.some((m) => m.to === "oficina@obra.test" && m.subject.includes("Reforma de baño")),
    ).toBe(true);
  });

  it("refuses a message with neither e-mail nor phone: a Spanish 422 on both fields", async () => {
    const res = await send({ ...valid, email: "", phone: "  " });
    expect(res.status).toBe(422);
    const reachable = "Indica un correo electrónico o un teléfono para que podamos responderte.";
    expect((await res.json()).errors).toEqual({ email: [reachable], phone: [reachable] });
    // The same when the fields are left out, and with the other fields wrong too: one answer.
    const bare = await send({ name: "", subject: "Hola", message: "Llamadme" });
    expect((await bare.json()).errors).toEqual({
      name: ["El campo «Nombre» es obligatorio."],
      email: [reachable],
      phone: [reachable],
    });
    const rows = await t.db.select().from(contacts);
    expect(rows.find((r) => r.name === "Sin datos")).toBeUndefined();
  });

  it("accepts either an e-mail or a phone alone, the other stored as empty", async () => {
    expect((await send({ ...valid, name: "Solo correo", phone: "" })).status).toBe(201);
    expect((await send({ ...valid, name: "Solo teléfono", email: " " })).status).toBe(201);
    const rows = await t.db.select().from(contacts);
    expect(rows.find((r) => r.name === "Solo correo")).toMatchObject({ phone: null });
    expect(rows.find((r) => r.name === "Solo teléfono")).toMatchObject({ email: null });
  });

  it("folds line breaks out of the name and subject", async () => {
    await send({ ...valid, name: "Pepe\r\nBcc: spam@example.test", subject: "Uno\nDos" });
    const row = (await t.db.select().from(contacts)).find((r) => r.name.startsWith("Pepe"));
    expect(row?.name).toBe("Pepe Bcc: spam@example.test");
    expect(row?.subject).toBe("Uno Dos");
  });

  it("answers 422 with a Spanish message per field", async () => {
    const res = await send({
      name: "x".repeat(101),
      email: "no-es-correo",
      phone: "llámame ya",
      message: "m".repeat(5001),
    });
    const body = await expectValidationErrors(res, {
      name: ["El campo «Nombre» no puede tener más de 100 caracteres."],
      email: ["El campo «Correo electrónico» debe ser un correo electrónico válido."],
      phone: [
        "El campo «Teléfono» solo puede contener números, espacios, puntos y los signos + ( ) -.",
      ],
      subject: ["El campo «Asunto» es obligatorio."],
      message: ["El campo «Mensaje» no puede tener más de 5000 caracteres."],
    });
    // Each refused field by its Spanish title, for the browser's dialog (issue 11 item 2).
    expect(body.field_titles).toEqual({
      name: "Nombre",
      email: "Correo electrónico",
      phone: "Teléfono",
      subject: "Asunto",
      message: "Mensaje",
    });
  });

  it("counts invisible-only text as empty, and wants at least 6 digits in a phone", async () => {
    const invisible = "\u200b \u2060\ufeff\u00ad\u200d";
    await expectValidationErrors(
      await send({ ...valid, name: invisible, subject: "\u200b", message: `${invisible}\n\u200c` }),
      {
        name: ["El campo «Nombre» es obligatorio."],
        subject: ["El campo «Asunto» es obligatorio."],
        message: ["El campo «Mensaje» es obligatorio."],
      },
    );
    const sixDigits = "El campo «Teléfono» debe tener al menos 6 cifras.";
    for (const phone of ["-2+3", "+1", "(12) 345"]) {
      await expectValidationErrors(await send({ ...valid, phone }), { phone: [sixDigits] });
    }
    expect((await send({ ...valid, name: "Seis cifras", phone: "(96) 1234" })).status).toBe(201);
    // Dots separate groups of digits as spaces and dashes do; dots alone are no number.
    expect((await send({ ...valid, name: "Con puntos", phone: "612.345.678" })).status).toBe(201);
    expect((await send({ ...valid, name: "Con puntos", phone: "+34 612.345.678" })).status).toBe(
      201,
    );
    await expectValidationErrors(await send({ ...valid, phone: "6.1.2.3" }), {
      phone: [sixDigits],
    });
    // Visible text with an invisible character in it is kept as written.
    expect((await send({ ...valid, name: "Ana\u200bBelén", subject: "Cifras" })).status).toBe(201);
  });

  it("keeps one message and one notice when 20 identical posts arrive at once", async () => {
    const message = { ...valid, subject: "Enviado veinte veces" };
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(message)));
    // Every sender is told the message arrived: from their side it did.
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const rows = await t.db.select().from(contacts).where(eq(contacts.subject, message.subject));
    expect(rows).toHaveLength(1);
    const notices = await t.db.select().from(mailOutbox);
    expect(notices.filter((m) => m.subject.includes(message.subject))).toHaveLength(1);
  });

  it("stores a message that differs in any field, and the same one again after 10 minutes", async () => {
    const message = { ...valid, subject: "Presupuesto de tejado" };
    expect((await send(message)).status).toBe(201);
    expect((await send({ ...message, phone: "600 000 001" })).status).toBe(201);
    expect((await send({ ...message, message: `${message.message} Urgente.` })).status).toBe(201);
    const count = async () =>
      (await t.db.select().from(contacts).where(eq(contacts.subject, message.subject))).length;
    expect(await count()).toBe(3);
    await t.db
      .update(contacts)
      .set({ created_at: sql`now() - interval '11 minutes'` })
      .where(eq(contacts.subject, message.subject));
    expect((await send(message)).status).toBe(201);
    expect(await count()).toBe(4);
  });

  it("answers 429 with Retry-After and the phone after 20 messages from one address in 10 minutes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await send({ ...valid, subject: `Obra ${i}` }, "192.0.2.50")).status);
    }
    // An office behind one address sends many real requests: only a flood is stopped.
    expect(statuses).toEqual([...Array(20).fill(201), 429]);
    const refused = await send(valid, "192.0.2.50");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(await refused.json()).toEqual({
      title: "Demasiados intentos",
      message: `Hemos recibido muchas solicitudes desde tu conexión en pocos minutos. Vuelve a enviar la tuya dentro de ${retryAfter} segundos (lo que has escrito sigue en el formulario) o llámanos al 960 000 000.`,
    });
    expect((await send({ ...valid, subject: "Otra obra" }, "192.0.2.51")).status).toBe(201);
  });

  it("counts only accepted requests: a visitor correcting mistakes is never refused", async () => {
    const from = "192.0.2.60";
    for (let i = 0; i < 8; i++)
      expect((await send({ ...valid, email: "mal" }, from)).status).toBe(422);
    // A repeat of a stored message is the same request: it does not count either.
    for (let i = 0; i < 3; i++)
      expect((await send({ ...valid, subject: "Corregido" }, from)).status).toBe(201);
    for (let i = 0; i < 19; i++) {
      expect((await send({ ...valid, subject: `Corregido ${i}` }, from)).status).toBe(201);
    }
    expect((await send({ ...valid, subject: "Uno de más" }, from)).status).toBe(429);
  });
});
