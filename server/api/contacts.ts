import { Hono } from "hono";
import { z } from "zod";
import { contactFields } from "../admin/resources/contacts.ts";
import { contacts } from "../db/schema.ts";
import { contactNoticeMail } from "../mail/contact-notice.ts";
import { throttle } from "../rate-limit/throttle.ts";
import type { Services } from "../services.ts";
import { validate } from "../validation.ts";

/** SPEC §3, §5: the same rules as the admin form's, from the same field definitions. */
const ContactRequest = z.object({
  name: contactFields.name.input,
  email: contactFields.email.input,
  phone: contactFields.phone.input,
  subject: contactFields.subject.input,
  message: contactFields.message.input,
});

/** POST /api/contacts: the contact page's form. */
export function createContactsRouter({ db, mail, limiter, env }: Services) {
  const api = new Hono();

  api.post(
    "/",
    throttle(limiter, { name: "contact", limit: 5, windowMs: 10 * 60_000 }),
    validate(ContactRequest),
    async (c) => {
      const message = c.req.valid("json");
      // The message is stored before anything else happens: once this insert succeeds the
      // visitor is told it arrived, and staff find it in the admin area whatever follows.
      const [contact] = await db.insert(contacts).values(message).returning();
      if (!contact) throw new Error("contact insert returned no row");
      // The notice goes through the mail outbox, so an SMTP outage delays it but loses nothing;
      // if even the outbox refuses it, the stored message still stands.
      await mail
        .send(contactNoticeMail(contact, env))
        .catch((error) =>
          console.error(`[contacts] notice for message ${contact.id} not queued: ${String(error)}`),
        );
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
