import { eq, inArray, like } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { company } from "../../content/company.ts";
import { createTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { contacts, leadReferences, mailOutbox } from "../db/schema.ts";
import { log } from "../log.ts";

/** Issue 12: a quote request with its details, a reference, a confirmation and spam traps. */
const request = {
  name: "Jordi Puig",
  email: "jordi@example.test",
  phone: "600 111 222",
  subject: "Cocina nueva",
  message: "Queremos cambiar la cocina entera y abrirla al salón.",
  service: "reformas-de-cocinas",
  area: "Barcelona",
  postcode: "08012",
  property_type: "piso",
  surface_m2: "14",
  budget: "15000-30000",
  start_window: "1-3-meses",
  contact_channel: "whatsapp",
  contact_time: "tarde",
  website: "",
  form_fill_ms: 60_000,
};

describe.skipIf(skipDatabase)("POST /api/contacts as a quote request", () => {
  const t = perSuite(() => createTestApp({ env: { CONTACT_NOTIFY_TO: "oficina@obra.test" } }));
  let ip = 0;
  const send = (body: unknown) => t.post("/api/contacts", body, undefined, `203.0.113.${++ip}`);
  const stored = (subject: string) =>
    t.db.select().from(contacts).where(eq(contacts.subject, subject));
  const mailsAbout = (text: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.text, `%${text}%`));

  it("stores every detail and answers the request's reference", async () => {
    const res = await send(request);
    expect(res.status).toBe(201);
    const { reference } = await res.json();
    expect(reference).toMatch(/^OM-\d{4}-\d{5}$/);
    const [row] = await stored(request.subject);
    expect(row).toMatchObject({
      reference,
      service: "reformas-de-cocinas",
      area: "Barcelona",
      postcode: "08012",
      property_type: "piso",
      surface_m2: 14,
      budget: "15000-30000",
      start_window: "1-3-meses",
      contact_channel: "whatsapp",
      contact_time: "tarde",
    });
  });

  it("confirms to the visitor with the reference and the choices they made, and tells the office", async () => {
    const [row] = await stored(request.subject);
    const reference = row?.reference ?? "none";
    const mails = await mailsAbout(reference);
    const confirmation = mails.find((m) => m.to === request.email);
    expect(confirmation?.subject).toBe(`Hemos recibido tu solicitud ${reference}`);
    expect(confirmation?.text).toContain("Servicio: Reforma de cocinas");
    expect(confirmation?.text).toContain("Metros cuadrados aproximados: 14 m²");
    expect(confirmation?.text).toContain("Cómo prefieres que te contactemos: Por WhatsApp");
    expect(confirmation?.text).toContain(company.phone);
    // Nothing in the visitor's own words: the address is not proven theirs (decision 205).
    for (const written of [request.name, request.subject, request.message]) {
      expect(confirmation?.text).not.toContain(written);
    }
    const notice = mails.find((m) => m.to === "oficina@obra.test");
    expect(notice?.subject).toBe(
      `Solicitud de presupuesto ${reference} · Reforma de cocinas · Jordi Puig · Cocina nueva`,
    );
    expect(notice?.reply_to).toBe(request.email);
    expect(notice?.text).toContain("Provincia o ciudad: Barcelona");
    expect(notice?.text).toContain("Presupuesto aproximado: De 15.000 a 30.000 €");
  });

  it("keeps the answers to the service's own question and shows them as asked (decision 265)", async () => {
    const subject = "Cocina con preguntas";
    const res = await send({ ...request, subject, job_answers: "cambios:muebles|encimera" });
    expect(res.status).toBe(201);
    const [row] = await stored(subject);
    expect(row?.job_answers).toBe("cambios:muebles|encimera");
    const mails = await mailsAbout(row?.reference ?? "none");
    const notice = mails.find((m) => m.to === "oficina@obra.test");
    expect(notice?.text).toContain("Sobre el trabajo: ¿Qué cambia en la cocina? Muebles, Encimera");
  });

  it("refuses answers from another service's question, or to a question of no service, naming the field", async () => {
    for (const body of [
      { ...request, subject: "Cocina con respuestas de baño", job_answers: "banera:ducha" },
      { ...request, subject: "Cocina con una respuesta inventada", job_answers: "cambios:tejado" },
      { ...request, subject: "Sin servicio", service: "", job_answers: "cambios:muebles" },
    ]) {
      const res = await send(body);
      expect(res.status).toBe(422);
      const { errors } = await res.json();
      expect(Object.keys(errors)).toEqual(["job_answers"]);
      expect(await stored(body.subject)).toEqual([]);
    }
  });

  it("sends no confirmation to a visitor who left only a phone", async () => {
    const res = await send({ ...request, email: "", subject: "Solo teléfono" });
    const { reference } = await res.json();
    const mails = await mailsAbout(reference);
    expect(mails.map((m) => m.to)).toEqual(["oficina@obra.test"]);
    // Reply would reach nobody: no Reply-To pretends it would, and the notice says so first.
    expect(mails[0]?.reply_to).toBeNull();
    expect(mails[0]?.text).toMatch(
      /^Solo ha dejado un teléfono: si respondes a este correo, no le llegará\. Llámale al 600 111 222 o escríbele por WhatsApp\.\n/,
    );
  });

  it("answers a repeat with the first request's reference", async () => {
    const first = await (await send({ ...request, subject: "Dos veces" })).json();
    const again = await (await send({ ...request, subject: "Dos veces" })).json();
    expect(again.reference).toBe(first.reference);
    expect(await stored("Dos veces")).toHaveLength(1);
  });

  it("gives 20 requests arriving at once 20 consecutive references", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send({ ...request, subject: `A la vez ${i}` })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    const numbers = (await Promise.all(answers.map((r) => r.json())))
      .map(({ reference }) => Number(reference.slice(-5)))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(Math.max(...numbers) - Math.min(...numbers)).toBe(19);
  });

  it("refuses details outside their lists with a Spanish message per field", async () => {
    const res = await send({
      ...request,
      service: "demolicion-nuclear",
      area: "Lisboa",
      postcode: "99999",
      property_type: 3,
      surface_m2: "muchos",
      budget: "infinito",
      start_window: "ayer",
      contact_channel: "paloma",
      contact_time: "noche",
    });
    expect(res.status).toBe(422);
    const { errors, field_titles } = await res.json();
    // The dialog names each field as the form does, from the server's titles (issue 11).
    expect(field_titles.service).toBe("Servicio");
    expect(field_titles.surface_m2).toBe("Metros cuadrados aproximados");
    expect(errors).toEqual({
      service: ["Elige una opción de la lista de «Servicio»."],
      area: ["Elige una opción de la lista de «Provincia o ciudad»."],
      postcode: ["Escribe un código postal español de 5 cifras."],
      property_type: ["Elige una opción de «Tipo de inmueble»."],
      surface_m2: ["Escribe los metros cuadrados como un número entero."],
      budget: ["Elige una opción de la lista de «Presupuesto aproximado»."],
      start_window: ["Elige una opción de la lista de «Cuándo quieres empezar»."],
      contact_channel: ["Elige una opción de la lista de «Cómo prefieres que te contactemos»."],
      contact_time: ["Elige una opción de la lista de «Cuándo prefieres que te contactemos»."],
    });
  });

  it("answers robots like anyone, stores nothing of theirs, and logs which trap caught each", async () => {
    const info = vi.spyOn(log, "info").mockImplementation(() => {});
    const honeypot = await send({ ...request, subject: "Robot 1", website: "http://spam.test" });
    const hastyHoneypot = await send({
      ...request,
      subject: "Robot 2",
      website: "http://spam.test",
      form_fill_ms: 800,
    });
    const forged = await send({ ...request, subject: "Robot 3", form_fill_ms: "ayer" });
    const backwards = await send({ ...request, subject: "Robot 4", form_fill_ms: -5 });
    // The answer a real request gets, in the same shape: a reference of this year that is
    // nobody's, so a robot cannot tell it was caught (decision 205).
    const real = await (await send({ ...request, subject: "Persona de verdad" })).json();
    const given: string[] = [];
    for (const res of [honeypot, hastyHoneypot, forged, backwards]) {
      expect(res.status).toBe(201);
      const answer = await res.json();
      expect(Object.keys(answer).sort()).toEqual(Object.keys(real).sort());
      expect(answer).toEqual({ ...real, reference: expect.stringMatching(/^OM-\d{4}-\d{5}$/) });
      expect(answer.reference.slice(0, 8)).toBe(real.reference.slice(0, 8));
      given.push(answer.reference);
    }
    expect(await t.db.select().from(contacts).where(inArray(contacts.reference, given))).toEqual(
      [],
    );
    for (const subject of ["Robot 1", "Robot 2", "Robot 3", "Robot 4"]) {
      expect(await stored(subject)).toHaveLength(0);
    }
    expect(await mailsAbout("Robot")).toHaveLength(0);
    // One line each: which trap and the fill time, so a person whose password manager filled
    // the hidden field can be found; nothing they wrote.
    const trapLines = info.mock.calls.filter(
      ([, msg]) => msg === "contacts: caught by a spam trap, nothing stored",
    );
    // With the reference it was given: a person who quotes it on the phone can be found.
    expect(trapLines.map(([fields]) => fields)).toEqual([
      { id: undefined, trap: "website", fill_ms: 60_000, reference: given[0] },
      { id: undefined, trap: "website", fill_ms: 800, reference: given[1] },
      { id: undefined, trap: "form_fill_ms", fill_ms: null, reference: given[2] },
      { id: undefined, trap: "form_fill_ms", fill_ms: -5, reference: given[3] },
    ]);
    expect(JSON.stringify(info.mock.calls)).not.toMatch(/Jordi|jordi@|600 111 222|spam\.test/);
    info.mockRestore();
    // A person who took their time is no robot.
    await send({ ...request, subject: "Persona", form_fill_ms: 5_000 });
    expect(await stored("Persona")).toHaveLength(1);
  });

  it("never gives a trapped request a reference a real one has or will have", async () => {
    const year = (
      await (await send({ ...request, subject: "Año en curso" })).json()
    ).reference.split("-")[1];
    const [counter] = await t.db
      .select()
      .from(leadReferences)
      .where(eq(leadReferences.year, Number(year)));
    // Robots take no number: the next real request is the next number.
    for (let i = 0; i < 5; i++) {
      const trapped = await (
        await send({ ...request, subject: `Robot ${i}`, website: "x" })
      ).json();
      const number = Number(trapped.reference.slice(-5));
      expect(number).toBeGreaterThanOrEqual(90_000);
      expect(number).toBeLessThanOrEqual(99_999);
    }
    const next = (await (await send({ ...request, subject: "Siguiente" })).json()).reference;
    expect(Number(next.slice(-5))).toBe((counter?.last ?? 0) + 1);
    // Real numbers pass over the block trapped ones are drawn from, whatever the year's count.
    try {
      await t.db
        .update(leadReferences)
        .set({ last: 89_998 })
        .where(eq(leadReferences.year, Number(year)));
      const last = await (await send({ ...request, subject: "La 89.999" })).json();
      const after = await (await send({ ...request, subject: "Después" })).json();
      expect([last.reference, after.reference]).toEqual([`OM-${year}-89999`, `OM-${year}-100000`]);
    } finally {
      await t.db.delete(contacts).where(inArray(contacts.subject, ["La 89.999", "Después"]));
      await t.db
        .update(leadReferences)
        .set({ last: (counter?.last ?? 0) + 1 })
        .where(eq(leadReferences.year, Number(year)));
    }
  });

  it("asks a person who sent it within 3 s to send it again, and takes it then", async () => {
    // Autofill and a short message: this was stored nowhere and answered as sent.
    const hasty = await send({ ...request, subject: "Rápida", form_fill_ms: 1_800 });
    expect(hasty.status).toBe(422);
    expect(await hasty.json()).toMatchObject({
      title: "Error de Validación",
      message:
        "Has enviado la solicitud en menos de 3 segundos. Comprueba que todo está bien y vuelve a enviarla.",
      errors: {},
    });
    expect(await stored("Rápida")).toHaveLength(0);
    const again = await send({ ...request, subject: "Rápida", form_fill_ms: 4_200 });
    expect(again.status).toBe(201);
    expect((await again.json()).reference).toMatch(/^OM-/);
    expect(await stored("Rápida")).toHaveLength(1);
  });
});
