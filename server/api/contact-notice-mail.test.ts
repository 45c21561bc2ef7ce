import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMailedTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { contactRequest } from "../../tests/support/leads.ts";
import type { ReceivedMail } from "../../tests/support/smtp.ts";
import { contacts } from "../db/schema.ts";

const withSubject = (subject: string) => (mail: ReceivedMail) =>
  mail.subject?.includes(subject) ?? false;

/** Staff answer a lead with their mail client's Reply: it must reach the visitor. */
describe.skipIf(skipDatabase)(
  "the staff notice of a contact message, through a real SMTP server",
  () => {
    const t = perSuite(() =>
      createMailedTestApp({ env: { CONTACT_NOTIFY_TO: "oficina@obra.test" } }),
    );
    let ip = 0;
    /** Sends a contact message and waits for the staff notice it makes. */
    const noticeOf = async (body: Record<string, string>) => {
      const res = await t.post("/api/contacts", body, undefined, `198.51.100.${++ip}`);
      expect(res.status).toBe(201);
      await t.deps.mail.flush();
      return t.peer.waitForMail(withSubject(body.subject ?? ""));
    };

    it("carries Reply-To with the visitor's address, sent to the office", async () => {
      const notice = await noticeOf(
        contactRequest({
          email: "marta.lopez@example.com",
          subject: "Reforma de cocina con respuesta",
        }),
      );
      expect(notice.envelopeTo).toEqual(["oficina@obra.test"]);
      expect(notice.replyTo?.value.map((a) => a.address)).toEqual(["marta.lopez@example.com"]);
      // Its button opens this very request in the panel.
      const id = /\/admin\/contacts\/detail\/(\d+)/.exec(notice.text ?? "")?.[1];
      const [stored] = await t.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(eq(contacts.subject, "Reforma de cocina con respuesta"));
      expect(Number(id)).toBe(stored?.id);
    });

    it("has no Reply-To when the visitor left only a phone", async () => {
      const notice = await noticeOf(
        contactRequest({ phone: "600 123 456", subject: "Baño sin correo" }),
      );
      expect(notice.replyTo).toBeUndefined();
      expect(notice.text).toContain("Puedes llamarle al 600 123 456.");
    });
  },
);
