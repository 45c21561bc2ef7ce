import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { contactFields } from "../admin/resources/contacts.ts";
import type { Database } from "../db/client.ts";
import type { contacts } from "../db/schema.ts";
import { log, safeError } from "../log.ts";
import { contactNoticeMail } from "../mail/contact-notice.ts";
import { throttle } from "../rate-limit/throttle.ts";
import type { Services } from "../services.ts";
import { validate } from "../validation.ts";

const unreachableMessage =
  "Indica un correo electrónico o un teléfono para que podamos responderte.";

/**
 * SPEC §3, §5: the same rules as the admin form's, from the same field definitions. E-mail and
 * phone are each optional, but a message with neither is a lead nobody can answer: it is
 * refused on both fields. (Only here: staff may still mark an older such message handled.)
 */
const ContactRequest = z
  .object({
    name: contactFields.name.input,
    email: contactFields.email.input,
    phone: contactFields.phone.input,
    subject: contactFields.subject.input,
    message: contactFields.message.input,
  })
  .superRefine(
    ({ email, phone }, context) => {
      if (email || phone) return;
      for (const field of ["email", "phone"]) {
        context.addIssue({ code: "custom", path: [field], message: unreachableMessage });
      }
    },
    // Also when another field is wrong, so that one answer lists every fix (but a body that
    // is no object at all has its own error).
    { when: ({ value }) => typeof value === "object" && value !== null && !Array.isArray(value) },
  );

type ContactMessage = z.infer<typeof ContactRequest>;
type Contact = typeof contacts.$inferSelect;

/**
 * An identical message (same name, e-mail, phone, subject and text) arriving again within this
 * window is the same message sent twice: a double click, a retry after a lost answer, a second
 * tab (docs/decisions/060-contact-message-deduplication.md).
 */
const duplicateWindowSeconds = 10 * 60;

/**
 * Stores the message unless an identical one arrived within the window; `undefined` then. The
 * database function (migration 0004) takes an advisory lock on the message's hash, so that
 * simultaneous identical posts wait for each other and exactly one of them inserts.
 */
async function storeOnce(db: Database, message: ContactMessage): Promise<Contact | undefined> {
  const digest = createHash("sha256")
    .update(
      JSON.stringify([
        message.name,
        message.email,
        message.phone,
        message.subject,
        message.message,
      ]),
    )
    .digest();
  // Both drivers answer raw SQL with { rows }, typed as the driver's own result.
  const { rows } = (await db.execute(
    sql`select * from store_contact(${digest.readInt32BE(0)}, ${message.name},
      ${message.email ?? null}, ${message.phone ?? null}, ${message.subject}, ${message.message},
      make_interval(secs => ${duplicateWindowSeconds}))`,
  )) as unknown as { rows: Contact[] };
  return rows[0];
}

/** POST /api/contacts: the contact page's form. */
export function createContactsRouter({ db, mail, limiter, env }: Services) {
  const api = new Hono();

  api.post(
    "/",
    throttle({ limiter, env }, { name: "contact", limit: 5, windowMs: 10 * 60_000 }),
    validate(ContactRequest),
    async (c) => {
      const message = c.req.valid("json");
      // The message is stored before anything else happens: once this insert succeeds the
      // visitor is told it arrived, and staff find it in the admin area whatever follows. A
      // repeat of a message just stored gets the same answer and neither a row nor a notice.
      const contact = await storeOnce(db, message);
      // The notice goes through the mail outbox, so an SMTP outage delays it but loses nothing;
      // if even the outbox refuses it, the stored message still stands.
      if (contact) {
        await mail
          .send(contactNoticeMail(contact, env))
          .catch((error) =>
            log.error(
              { contact: contact.id, err: safeError(error) },
              "contacts: notice not queued",
            ),
          );
      }
      return c.json(
        {
          title: "¡Mensaje enviado!",
          message: "Gracias por escribirnos. Te responderemos lo antes posible.",
        },
        201,
      );
    },
  );

  return api;
}
