import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createMailedTestApp, type Json, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { sendLead } from "../../tests/support/leads.ts";
import { to } from "../../tests/support/smtp.ts";
import { createUser, signIn, staffRouteCallers } from "../../tests/support/users.ts";
import { contacts, mailOutbox, users } from "../db/schema.ts";

/**
 * Decision 187: staff answer a lead by mail from its page; the answer goes through the outbox to
 * the visitor (Reply-To the office), is listed on the lead with its state and author, moves a
 * «Nuevo» lead to «Contactado», and never stands for the lead's confirmation. A real SMTP server
 * receives it.
 */
describe.skipIf(skipDatabase)("a reply to a lead from its page", () => {
  const t = perSuite(() =>
    createMailedTestApp({
      env: { CONTACT_NOTIFY_TO: "oficina@obra.test" },
      smtp: { refuse: { "bad.typo@gmial.con": 550 } },
    }),
  );
  let token: string;
  const tag = `Respuesta${Date.now().toString(36)}`;

  beforeAll(async () => {
    const admin = await createUser(t.db, {
      role: "admin",
      name: "Lucía Comercial",
      email: `lucia.${tag.toLowerCase()}@obra.test`,
    });
    token = await signIn(t.db, admin.id);
  });

  /** A visitor's quote request, its mails delivered; answers the lead's id and reference. */
  const lead = (name: string, email?: string) => sendLead(t, `${name} ${tag}`, email);

  const detailOf = async (id: number) =>
    json(await t.get(`/api/admin/contacts/detail/${id}`, token));
  const reply = (body: unknown) => t.post("/api/admin/contacts/reply", body, token);
  const repliesOf = (id: number) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.contact_id, id), eq(mailOutbox.kind, "reply")));

  it("sends staff's words to the visitor, Reply-To their writer, and lists them on the lead", async () => {
    const { id, reference } = await lead("Ana", "ana.reformas@example.com");
    const before = await detailOf(id);
    expect(before.data.status).toBe("nuevo");
    // The form's first subject: the visitor's own.
    expect(before.replies).toEqual({
      draft: {
        to: "ana.reformas@example.com",
        subject: `Re: Cocina de Ana`,
        reply_to: `lucia.${tag.toLowerCase()}@obra.test`,
        templates: expect.any(Array),
      },
      sent: [],
    });

    const res = await reply({
      id,
      subject: "Re: Cocina de Ana",
      message:
        "Hola de nuevo.\nPodemos ir el lunes a las 10.\n\n<script>alert(1)</script> & <b>gracias</b>",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).message).toContain("ana.reformas@example.com");

    const mail = await t.peer.waitForMail(
      (m) => to("ana.reformas@example.com")(m) && m.subject === "Re: Cocina de Ana",
    );
    // Delivered: the outbox has marked it so once its pass is over.
    await t.deps.mail.flush();
    // The visitor's answer reaches the person who wrote (decision 257), not the office's inbox
    // of new leads nor the no-reply sender: the header as the real SMTP server received it.
    expect(mail.replyTo?.text).toBe(`lucia.${tag.toLowerCase()}@obra.test`);
    expect(mail.text).toContain(`Hola, Ana ${tag}:`);
    expect(mail.text).toContain("Hola de nuevo.\nPodemos ir el lunes a las 10.");
    expect(mail.text).toContain(`Te respondemos a tu solicitud ${reference} del `);
    // Signed by who wrote it, for the company: the visitor answers a person, not "el equipo".
    expect(mail.text).toContain("Un saludo,\nLucía Comercial\nObra Mediterránea");
    expect(mail.text).not.toContain("El equipo");
    // The HTML part: the words escaped, line breaks kept, paragraphs apart.
    const html = String(mail.html);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>gracias");
    expect(html).toContain(
      "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;gracias&lt;/b&gt;",
    );
    expect(html).toContain("Hola de nuevo.<br>Podemos ir el lunes a las 10.</p>");
    expect(html).toContain(reference);

    const after = await detailOf(id);
    // Answered by mail: the lead is contacted, and the history says who answered.
    expect(after.data.status).toBe("contactado");
    expect(after.data.handled).toBe(true);
    expect(after.history[0]).toMatchObject({
      action: "reply",
      action_title: "Respuesta por correo",
      actor_name: "Lucía Comercial",
      before: { status: "nuevo" },
      after: { status: "contactado" },
      details: { subject: "Re: Cocina de Ana" },
    });
    // The conversation (decision 257): the words as written, whole, and who signed them.
    expect(after.replies.sent).toEqual([
      expect.objectContaining({
        subject: "Re: Cocina de Ana",
        message:
          "Hola de nuevo.\nPodemos ir el lunes a las 10.\n\n<script>alert(1)</script> & <b>gracias</b>",
        sent_by_name: "Lucía Comercial",
        state: "enviado",
        to: "ana.reformas@example.com",
        failed_at: null,
      }),
    ]);
    // The reply is the lead's latest activity: its data are kept a year from now (decision 179).
    const until = Date.parse(after.data.personal_data_until);
    const aYear = Date.now() + 365 * 24 * 3600 * 1000;
    expect(Math.abs(until - aYear)).toBeLessThan(2 * 24 * 3600 * 1000);
    const [row] = await repliesOf(id);
    expect(row?.sent_by).not.toBeNull();
  });

  it("leaves a lead further on in its status, and says a refused reply was refused", async () => {
    const { id } = await lead("Rosa", "bad.typo@gmial.con");
    expect(
      (await t.post("/api/admin/contacts/status", { id, status: "visita" }, token)).status,
    ).toBe(200);
    expect(
      (await reply({ id, subject: "Re: Cocina", message: "¿Le va bien el lunes?" })).status,
    ).toBe(201);
    await t.deps.mail.flush();
    const detail = await detailOf(id);
    expect(detail.data.status).toBe("visita");
    expect(detail.replies.sent).toEqual([
      expect.objectContaining({
        state: "rechazado",
        failed_at: expect.any(String),
        reply: "550 5.1.1 Mailbox does not exist",
      }),
    ]);
  });

  it("never lets a reply stand for the lead's confirmation", async () => {
    const { id } = await lead("Pau", "pau.obras@example.com");
    // As if the visitor's server had refused the confirmation for good.
    await t.db
      .update(mailOutbox)
      .set({ sent_at: null, failed_at: new Date(), last_error: "550 5.1.1 Mailbox does not exist" })
      .where(and(eq(mailOutbox.contact_id, id), eq(mailOutbox.kind, "confirmation")));
    expect((await reply({ id, subject: "Re: Cocina", message: "Le llamamos." })).status).toBe(201);
    await t.peer.waitForMail((m) => to("pau.obras@example.com")(m) && m.subject === "Re: Cocina");
    await t.deps.mail.flush();
    const detail = await detailOf(id);
    expect(detail.replies.sent[0].state).toBe("enviado");
    // The confirmation is still the refused one: the lead is still marked and found to phone.
    expect(detail.data.confirmation_mail).toBe("rechazado");
    expect(detail.mails[0]).toMatchObject({ state: "rechazado" });
    const refused = await json(
      await t.get(`/api/admin/contacts?q=${encodeURIComponent(tag)}&confirmation=rechazado`, token),
    );
    expect(refused.data.data.map((r: Json) => r.id)).toContain(id);
  });

  it("refuses, in Spanish and sending nothing, what cannot be sent", async () => {
    const { id } = await lead("Luis", "luis@example.com");
    const cases: [unknown, string, string][] = [
      [{ id, subject: " ", message: "Hola" }, "subject", "Escribe el asunto del correo."],
      [{ id, subject: "Re: x", message: "\n \n" }, "message", "Escribe el mensaje."],
      [
        { id, subject: "x".repeat(201), message: "Hola" },
        "subject",
        "El campo «Asunto» no puede tener más de 200 caracteres.",
      ],
      [
        { id, subject: "Re: x", message: "x".repeat(10_001) },
        "message",
        "El campo «Mensaje» no puede tener más de 10000 caracteres.",
      ],
      [{ id, subject: 5, message: "Hola" }, "subject", "El campo «Asunto» debe ser un texto."],
      [
        { id, subject: "Re: x", message: ["Hola"] },
        "message",
        "El campo «Mensaje» debe ser un texto.",
      ],
      [
        { id, subject: "Re: x\nBcc: otro@example.com", message: "Hola" },
        "subject",
        "El asunto debe ocupar una sola línea.",
      ],
      [
        { id: "1", subject: "Re: x", message: "Hola" },
        "id",
        "Indica el «id» numérico del registro.",
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await reply(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect((await res.json()).errors[field]).toEqual([message]);
    }
    // A body past the API's limit is refused before it is read.
    expect((await reply({ id, subject: "Re: x", message: "x".repeat(100_000) })).status).toBe(413);
    expect((await reply({ id: 999_999, subject: "Re: x", message: "Hola" })).status).toBe(404);
    expect(await repliesOf(id)).toEqual([]);
    expect((await detailOf(id)).data.status).toBe("nuevo");

    // A lead without an address: no form, and a clear refusal.
    const phoneOnly = await lead("Joan");
    expect((await detailOf(phoneOnly.id)).replies.draft).toBeNull();
    const noAddress = await reply({ id: phoneOnly.id, subject: "Re: x", message: "Hola" });
    expect(noAddress.status).toBe(422);
    expect((await noAddress.json()).errors.id).toEqual([
      "Esta solicitud no tiene dirección de correo: llama al cliente.",
    ]);

    // An erased lead (decision 179): nothing of it to write to.
    const erased = await lead("Eva", "eva@example.com");
    await t.db
      .update(contacts)
      .set({ email: null, name: "", subject: "", message: "", erased_at: new Date() })
      .where(eq(contacts.id, erased.id));
    expect((await detailOf(erased.id)).replies.draft).toBeNull();
    const gone = await reply({ id: erased.id, subject: "Re: x", message: "Hola" });
    expect(gone.status).toBe(422);
    expect((await gone.json()).errors.id).toEqual([
      "Los datos personales de esta solicitud se han borrado: ya no se le puede escribir.",
    ]);
    expect([...(await repliesOf(phoneOnly.id)), ...(await repliesOf(erased.id))]).toEqual([]);
  });

  it("is for staff who may change leads only", async () => {
    const { id } = await lead("Íñigo", "inigo@example.com");
    for (const [who, caller, status] of await staffRouteCallers(t.db, 201)) {
      const res = await t.post(
        "/api/admin/contacts/reply",
        { id, subject: `Re: ${who}`, message: "Hola" },
        caller,
      );
      expect(res.status, who).toBe(status);
      const detail = await t.get(`/api/admin/contacts/detail/${id}`, caller);
      if (status !== 201) expect(await detail.text()).not.toContain("inigo@example.com");
    }
    expect((await repliesOf(id)).map((row) => row.subject).sort()).toEqual([
      "Re: admin",
      "Re: super admin",
    ]);
  });

  it("keeps the name a reply was signed with once the writer's account is gone", async () => {
    const writer = await createUser(t.db, { role: "admin", name: "Marcos Temporal" });
    const { id } = await lead("Olga", "olga@example.com");
    const res = await t.post(
      "/api/admin/contacts/reply",
      { id, subject: "Re: Cocina", message: "Primera línea.\nSegunda línea." },
      await signIn(t.db, writer.id),
    );
    expect(res.status).toBe(201);
    await t.db.delete(users).where(eq(users.id, writer.id));
    const [sent] = (await detailOf(id)).replies.sent;
    expect(sent).toMatchObject({
      message: "Primera línea.\nSegunda línea.",
      sent_by_name: "Marcos Temporal",
    });
  });

  it("goes with the lead when staff delete it", async () => {
    const { id } = await lead("Nuria", "nuria@example.com");
    expect((await reply({ id, subject: "Re: Cocina", message: "Hola" })).status).toBe(201);
    await t.deps.mail.flush();
    expect(await repliesOf(id)).toHaveLength(1);
    expect((await t.get(`/api/admin/contacts/delete/${id}`, token)).status).toBe(200);
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "nuria@example.com")),
    ).toEqual([]);
  });
});

describe.skipIf(skipDatabase)("a reply's Reply-To with a shared mailbox set", () => {
  const t = perSuite(() =>
    createMailedTestApp({
      env: { CONTACT_NOTIFY_TO: "oficina@obra.test", LEAD_REPLY_TO: "presupuestos@obra.test" },
    }),
  );

  it("goes to LEAD_REPLY_TO, whoever wrote it, and the form says so", async () => {
    const tag = `Compartido${Date.now().toString(36)}`;
    const admin = await createUser(t.db, { role: "admin", name: "Jordi Obras" });
    const token = await signIn(t.db, admin.id);
    const { id } = await sendLead(t, `Berta ${tag}`, "berta.casa@example.com");
    const detail = json(await t.get(`/api/admin/contacts/detail/${id}`, token));
    expect((await detail).replies.draft.reply_to).toBe("presupuestos@obra.test");
    const res = await t.post(
      "/api/admin/contacts/reply",
      { id, subject: "Re: Cocina de Berta", message: "Le enviamos el presupuesto." },
      token,
    );
    expect(res.status).toBe(201);
    const mail = await t.peer.waitForMail(
      (m) => to("berta.casa@example.com")(m) && m.subject === "Re: Cocina de Berta",
    );
    expect(mail.replyTo?.text).toBe("presupuestos@obra.test");
    expect(mail.text).toContain("Un saludo,\nJordi Obras\nObra Mediterránea");
  });
});
