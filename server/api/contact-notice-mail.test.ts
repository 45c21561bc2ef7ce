import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailedTestApp, type MailedTestApp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import type { ReceivedMail } from "../../tests/support/smtp.ts";

const withSubject = (subject: string) => (mail: ReceivedMail) =>
  mail.subject?.includes(subject) ?? false;

/** Staff answer a lead with their mail client's Reply: it must reach the visitor. */
describe.skipIf(skipDatabase)(
  "the staff notice of a contact message, through a real SMTP server",
  () => {
    let t: MailedTestApp;
    let ip = 0;
    const send = (body: Record<string, string>) =>
      t.post("/api/contacts", body, undefined, `198.51.100.${++ip}`);

    beforeAll(async () => {
      t = await createMailedTestApp({ env: { CONTACT_NOTIFY_TO: "oficina@obra.test" } });
    });
    afterAll(() => t.close());

    it("carries Reply-To with the visitor's address, sent to the office", async () => {
      const res = await send({
        name: "Marta López",
        email: "marta.lopez@example.com",
        subject: "Reforma de cocina con respuesta",
        message: "¿Podéis venir a medir?",
      });
      expect(res.status).toBe(201);
      await t.deps.mail.flush();
      const notice = await t.peer.waitForMail(withSubject("Reforma de cocina con respuesta"));
      expect(notice.envelopeTo).toEqual(["oficina@obra.test"]);
      expect(notice.replyTo?.value.map((a) => a.address)).toEqual(["marta.lopez@example.com"]);
    });

    it("has no Reply-To when the visitor left only a phone", async () => {
      const res = await send({
        name: "Pere Puig",
        phone: "600 123 456",
        subject: "Baño sin correo",
        message: "Llamadme por la tarde.",
      });
      expect(res.status).toBe(201);
      await t.deps.mail.flush();
      const notice = await t.peer.waitForMail(withSubject("Baño sin correo"));
      expect(notice.replyTo).toBeUndefined();
      expect(notice.text).toContain("Puedes llamarle al 600 123 456.");
    });
  },
);
