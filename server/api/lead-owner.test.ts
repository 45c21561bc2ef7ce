// Issue 36 (decision 263): a request belongs to the account of the visitor who sent it signed in,
// or to the account that later verifies the address it was sent from; never to anyone else.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { linkInOutbox, registerUser } from "../../tests/support/accounts.ts";
import { createTestApp, perSuite, uniqueIp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { contacts } from "../db/schema.ts";

let serial = 0;

describe.skipIf(skipDatabase)("whose a request is", () => {
  const t = perSuite(() => createTestApp());
  async function send(email: string, token?: string) {
    serial += 1;
    const subject = `Tejado ${serial}`;
    const res = await t.post(
      "/api/contacts",
      { name: "Nuria Roig", email, subject, message: "Goteras en el tejado." },
      token,
      uniqueIp(),
    );
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(contacts).where(eq(contacts.subject, subject));
    return row;
  }

  it("ties a request sent signed in to the account", async () => {
    const account = await registerUser(t);
    const lead = await send("otra.direccion@example.test", account.token);
    expect(lead?.user_id).toBe(account.user.id);
  });

  it("ties requests sent signed out from an address when the account verifies it, and no other", async () => {
    const email = `nuria${Date.now()}@example.test`;
    const before = await send(email.toUpperCase());
    const stranger = await send(`otra${Date.now()}@example.test`);
    const account = await registerUser(t, { email });
    expect((await send(email, account.token))?.user_id).toBe(account.user.id);
    const link = await linkInOutbox(t, email, "/verify-email/");
    const token = new URL(link).pathname.split("/").pop();
    expect((await t.get(`/api/verify-email/${token}`)).status).toBe(200);
    const [tied] = await t.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, before?.id ?? 0));
    expect(tied?.user_id).toBe(account.user.id);
    const [other] = await t.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, stranger?.id ?? 0));
    expect(other?.user_id).toBeNull();
  });
});
