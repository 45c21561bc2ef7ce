// Two staff, one lead (decision 161): an edit form opened before a colleague's change is refused
// rather than undoing that change; SPEC §7's save without a version still works as before.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Json, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { contacts } from "../db/schema.ts";

describe.skipIf(skipDatabase)("an edit form opened before a colleague's change", () => {
  const t = perSuite(() => createTestApp());
  let ana: string;
  let inigo: string;
  let anaId: number;
  let inigoId: number;
  let leadId: number;

  /** A member of staff's one-click call: `/status` or `/assign` on the contacts. */
  const oneClick = (call: "status" | "assign", token: string, body: Record<string, unknown>) =>
    t.post(`/api/admin/contacts/${call}`, body, token);

  const statusOfLead = async () =>
    (await t.db.select().from(contacts).where(eq(contacts.id, leadId)))[0]?.status;
  /** The edit form as a member of staff opens it: its values and its version. */
  const openForm = async (token: string) => {
    const form = await json(await t.get(`/api/admin/contacts/create/${leadId}`, token));
    const values = Object.fromEntries(
      Object.entries(form.parameter_details).map(([k, v]) => [k, (v as Json).value]),
    );
    return { values, version: form.version as string };
  };

  beforeAll(async () => {
    anaId = (await createUser(t.db, { role: "admin", name: "Ana" })).id;
    inigoId = (await createUser(t.db, { role: "admin", name: "Íñigo" })).id;
    ana = await signIn(t.db, anaId);
    inigo = await signIn(t.db, inigoId);
    const [lead] = await t.db
      .insert(contacts)
      .values({ name: "Marta", email: "marta@example.test", subject: "Baño", message: "Hola." })
      .returning({ id: contacts.id });
    leadId = lead?.id as number;
  });

  it("is refused with 409 and leaves the colleague's status as it was", async () => {
    const stale = await openForm(ana);
    expect(stale.version).toMatch(/^\d{4}-\d\d-\d\dT/);
    const moved = await oneClick("status", inigo, { id: leadId, status: "presupuesto_enviado" });
    expect(moved.status).toBe(200);

    const res = await t.post(
      "/api/admin/contacts/update",
      { ...stale.values, version: stale.version },
      ana,
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      title: "Registro modificado",
      message:
        "Otra persona ha cambiado este registro después de que abrieras el formulario. No hemos guardado tus cambios para no deshacer los suyos: recarga la página para ver la versión actual.",
    });
    expect(await statusOfLead()).toBe("presupuesto_enviado");
  });

  it("saves from a form opened after the change", async () => {
    const fresh = await openForm(ana);
    const res = await t.post(
      "/api/admin/contacts/update",
      { ...fresh.values, handled: false, version: fresh.version },
      ana,
    );
    expect(res.status).toBe(200);
    expect(await statusOfLead()).toBe("nuevo");
  });

  it("saves without a version, as SPEC §7's call does, and refuses a version of the wrong type", async () => {
    const { values } = await openForm(ana);
    const plain = await t.post("/api/admin/contacts/update", { ...values, handled: true }, ana);
    expect(plain.status).toBe(200);
    expect(await statusOfLead()).toBe("contactado");
    for (const version of [42, null, "x".repeat(500)]) {
      const res = await t.post("/api/admin/contacts/update", { ...values, version }, ana);
      expect(res.status, String(version)).toBe(422);
      expect((await json(res)).errors.version).toEqual([
        "La versión del formulario no es válida. Recarga la página.",
      ]);
    }
    expect(await statusOfLead()).toBe("contactado");
  });

  describe("a one-click change (decision 161)", () => {
    const oneClickRefusal = (what: string) => ({
      title: "Registro modificado",
      message: `Otra persona ha cambiado ${what} de este registro mientras lo tenías abierto. No hemos guardado tu cambio para no deshacer el suyo: ahora ves el actual.`,
    });

    it("from a status the lead no longer has is refused, and the colleague's step stays", async () => {
      await t.db.update(contacts).set({ status: "nuevo" }).where(eq(contacts.id, leadId));
      // Íñigo moves it on; Ana's list still showed "nuevo".
      const moved = await oneClick("status", inigo, {
        id: leadId,
        status: "visita",
        from: "nuevo",
      });
      expect(moved.status).toBe(200);
      const stale = await oneClick("status", ana, {
        id: leadId,
        status: "contactado",
        from: "nuevo",
      });
      expect(stale.status).toBe(409);
      expect(await stale.json()).toEqual(oneClickRefusal("el estado"));
      expect(await statusOfLead()).toBe("visita");
      // From what it shows now, or without `from` (the API as before), it saves.
      const fresh = await oneClick("status", ana, {
        id: leadId,
        status: "contactado",
        from: "visita",
      });
      expect(fresh.status).toBe(200);
      const plain = await oneClick("status", ana, { id: leadId, status: "visita" });
      expect(plain.status).toBe(200);
      // A lead that is gone is still "not found", whatever `from` says.
      const gone = await oneClick("status", ana, { id: 999_999, status: "visita", from: "nuevo" });
      expect(gone.status).toBe(404);
    });

    it("from an assignee the lead no longer has is refused, and the colleague's choice stays", async () => {
      await t.db.update(contacts).set({ assignee_id: null }).where(eq(contacts.id, leadId));
      const taken = await oneClick("assign", inigo, {
        id: leadId,
        assignee_id: inigoId,
        from: null,
      });
      expect(taken.status).toBe(200);
      const stale = await oneClick("assign", ana, { id: leadId, assignee_id: anaId, from: null });
      expect(stale.status).toBe(409);
      expect(await stale.json()).toEqual(oneClickRefusal("el responsable"));
      const [row] = await t.db.select().from(contacts).where(eq(contacts.id, leadId));
      expect(row?.assignee_id).toBe(inigoId);
      const fresh = await oneClick("assign", ana, {
        id: leadId,
        assignee_id: anaId,
        from: inigoId,
      });
      expect(fresh.status).toBe(200);
    });
  });
});
