import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createMailedTestApp, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { sendLead } from "../../tests/support/leads.ts";
import { to } from "../../tests/support/smtp.ts";
import { createUser, signIn, staffRouteCallers } from "../../tests/support/users.ts";
import { adminAudit, replyTemplates } from "../db/schema.ts";

/**
 * Decision 258: reply templates are kept and edited in the admin, audited, refused with a
 * Spanish 422 when they use a placeholder nothing fills in, and offered in a lead's reply form
 * with the client's name and the reference filled in; what they hold is sent escaped.
 */
describe.skipIf(skipDatabase)("reply templates", () => {
  const t = perSuite(() =>
    createMailedTestApp({ env: { CONTACT_NOTIFY_TO: "oficina@obra.test" } }),
  );
  let token: string;
  const tag = `Plantilla${Date.now().toString(36)}`;

  beforeAll(async () => {
    const admin = await createUser(t.db, { role: "admin", name: "Carmen Oficina" });
    token = await signIn(t.db, admin.id);
  });

  const create = (body: Record<string, unknown>) =>
    t.post("/api/admin/reply_templates/create", body, token);

  it("come seeded, and a lead's form offers them filled in for its client", async () => {
    const list = await json(await t.get("/api/admin/reply_templates?sort=title", token));
    expect(list.data.data.map((row: { title: string }) => row.title)).toEqual(
      expect.arrayContaining(["Confirmar visita", "Enviar presupuesto", "Pedir fotos"]),
    );
    const { id, reference } = await sendLead(t, `Ana ${tag}`, "ana.plantilla@example.com");
    const detail = await json(await t.get(`/api/admin/contacts/detail/${id}`, token));
    const visit = detail.replies.draft.templates.find(
      (template: { title: string }) => template.title === "Confirmar visita",
    );
    expect(visit.subject).toBe(`Confirmamos la visita: ${reference}`);
    expect(visit.message).toContain(`tu solicitud ${reference}.`);
    expect(visit.message).not.toMatch(/\{\w+\}/);
  });

  it("refuses a placeholder nothing fills in, in Spanish, storing nothing", async () => {
    const before = await t.db.select().from(replyTemplates);
    const res = await create({
      title: `Precio ${tag}`,
      subject: "Tu precio {precio}",
      body: "Hola, {nombre}: el total es {precio} ({iva}).",
    });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.errors).toEqual({
      subject: [
        "La plantilla usa {precio}, que no se puede rellenar: solo se rellenan {nombre} y {referencia}.",
      ],
      body: [
        "La plantilla usa {precio}, {iva}, que no se pueden rellenar: solo se rellenan {nombre} y {referencia}.",
      ],
    });
    expect(await t.db.select().from(replyTemplates)).toEqual(before);
    // An edit is checked alike.
    const [seeded] = before;
    const edit = await t.post(
      "/api/admin/reply_templates/update",
      { id: seeded?.id, title: seeded?.title, subject: "", body: "Hola {cliente}" },
      token,
    );
    expect(edit.status).toBe(422);
    expect((await json(edit)).errors.body[0]).toContain("{cliente}");
  });

  it("keeps a new template, audited, and sends what it holds escaped, filled in", async () => {
    const res = await create({
      title: `Medidas ${tag}`,
      subject: "",
      body: "Hola {nombre}, ¿nos mandas las medidas de {referencia}?\n<b>Gracias</b> & {} { nombre }",
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const [saved] = await t.db
      .select()
      .from(replyTemplates)
      .where(eq(replyTemplates.title, `Medidas ${tag}`));
    expect(saved?.subject).toBeNull();
    const [audit] = await t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.resource, "reply_templates"));
    expect(audit).toMatchObject({
      action: "create",
      record_id: saved?.id,
      actor_name: "Carmen Oficina",
    });

    const { id, reference } = await sendLead(t, `Luz ${tag}`, "luz.plantilla@example.com");
    const detail = await json(await t.get(`/api/admin/contacts/detail/${id}`, token));
    const chosen = detail.replies.draft.templates.find(
      (template: { title: string }) => template.title === `Medidas ${tag}`,
    );
    // No subject of its own: the form keeps «Re: …».
    expect(chosen.subject).toBeNull();
    expect(chosen.message).toBe(
      `Hola Luz ${tag}, ¿nos mandas las medidas de ${reference}?\n<b>Gracias</b> & {} { nombre }`,
    );
    const sent = await t.post(
      "/api/admin/contacts/reply",
      { id, subject: detail.replies.draft.subject, message: chosen.message },
      token,
    );
    expect(sent.status).toBe(201);
    const mail = await t.peer.waitForMail(
      (m) => to("luz.plantilla@example.com")(m) && m.subject === detail.replies.draft.subject,
    );
    expect(String(mail.html)).toContain("&lt;b&gt;Gracias&lt;/b&gt; &amp;");
    expect(String(mail.html)).not.toContain("<b>Gracias");
    expect(mail.text).toContain(`¿nos mandas las medidas de ${reference}?`);
  });

  it("are kept by verified staff with the section only", async () => {
    for (const [who, caller, status] of await staffRouteCallers(t.db, 201)) {
      const res = await t.post(
        "/api/admin/reply_templates/create",
        { title: `De ${who} ${tag}`, body: "Hola, {nombre}." },
        caller,
      );
      expect(res.status, who).toBe(status);
    }
    const titles = (await t.db.select().from(replyTemplates)).map((row) => row.title);
    expect(titles).toContain(`De admin ${tag}`);
    expect(titles).toContain(`De super admin ${tag}`);
    expect(
      titles.filter((title) => title.includes("guest") || title.includes("unverified")),
    ).toEqual([]);
  });
});
