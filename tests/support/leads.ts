// A visitor's quote request as the public form sends it, its mails handed to the outbox's
// transport: what a test of a lead or of its mails starts from (lead-mails, lead-reply,
// contact-notice-mail).
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { contacts } from "../../server/db/schema.ts";
import { type TestApp, uniqueIp } from "./app.ts";

/**
 * A contact form as a visitor sends it: a name, a subject and a message, with `fields` added or
 * put in their place. How the office may reach the visitor (`email`, `phone`) is the caller's to
 * say, as is any field its test reads back.
 */
export function contactRequest(fields: Record<string, string>): Record<string, string> {
  return {
    name: "Marta López",
    subject: "Reforma de cocina",
    message: "¿Podéis venir a medir?",
    ...fields,
  };
}

/**
 * Sends a request from `name` (with `email`, or else only a phone) about «Cocina de <first
 * word of name>»; answers the stored lead's id and its reference. `name` must be unique.
 */
export async function sendLead(
  t: TestApp,
  name: string,
  email?: string,
): Promise<{ id: number; reference: string }> {
  const res = await t.post(
    "/api/contacts",
    {
      name,
      ...(email ? { email } : { phone: "612 345 678" }),
      subject: `Cocina de ${name.split(" ")[0]}`,
      message: "Quiero cambiar los muebles y la encimera.",
    },
    undefined,
    uniqueIp(),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  const { reference } = await res.json();
  await t.deps.mail.flush();
  const [row] = await t.db
    .select({ id: contacts.id })
    .from(contacts)
    .where(eq(contacts.name, name));
  return { id: row?.id as number, reference };
}
