import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { contacts } from "../db/schema.ts";

/**
 * Decision 265: the answers to a service's question are kept as `question:choice|choice`; staff
 * read them as the mails say them, in the list, on the lead's page and in the export.
 */
describe.skipIf(skipDatabase)("a quote's answers as staff read them", () => {
  const t = perSuite(() => createTestApp());
  let token: string;
  let id: number;
  const read = "¿Qué cambia en la cocina? Muebles, Encimera";

  beforeAll(async () => {
    const admin = await createUser(t.db, { role: "admin", name: "Marta Admin" });
    token = await signIn(t.db, admin.id);
    const sent = await t.post(
      "/api/contacts",
      {
        name: "Rosa Respuestas",
        email: "rosa.respuestas@example.test",
        subject: "Reforma de cocinas en Valencia",
        message: "Cocina de 12 m².",
        service: "reformas-de-cocinas",
        job_answers: "cambios:muebles|encimera",
      },
      undefined,
      "203.0.113.77",
    );
    expect(sent.status, await sent.clone().text()).toBe(201);
    const [row] = await t.db
      .select()
      .from(contacts)
      .where(eq(contacts.email, "rosa.respuestas@example.test"));
    if (!row) throw new Error("no lead");
    // Kept as sent: the reading is the admin's, not the database's.
    expect(row.job_answers).toBe("cambios:muebles|encimera");
    id = row.id;
  });

  it("shows them by their question and labels on the lead's page and in the list", async () => {
    const detail = await json(await t.get(`/api/admin/contacts/detail/${id}`, token));
    expect(detail.data).toMatchObject({ id, job_answers: read });
    const list = await json(await t.get("/api/admin/contacts?q=Rosa%20Respuestas", token));
    expect(list.data.data).toEqual([expect.objectContaining({ id, job_answers: read })]);
  });

  it("exports them the same way", async () => {
    const csv = await (await t.get("/api/admin/contacts/export?q=Rosa%20Respuestas", token)).text();
    expect(csv).toContain(read);
    expect(csv).not.toContain("cambios:muebles");
  });
});
