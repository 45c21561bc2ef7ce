import { and, eq, notInArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Json, json, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { verifyPassword } from "../auth/passwords.ts";
import {
  accessTokens,
  blockedConsents,
  contacts,
  roles,
  subscriptions,
  users,
} from "../db/schema.ts";

describe.skipIf(skipDatabase)("the admin API", () => {
  const t = perSuite(() => createTestApp());
  let staff: { id: number; email: string };
  let token: string;
  /** The user form's save, as the signed-in admin unless `as` is another's token. */
  const saveUser = (action: "create" | "update", body: unknown, as = token) =>
    t.post(`/api/admin/users/${action}`, body, as);

  beforeAll(async () => {
    staff = await createUser(t.db, { role: "admin", name: "Ana Admin" });
    token = await signIn(t.db, staff.id);
  });

  describe("who may enter", () => {
    it("answers 401 to a visitor without a token", async () => {
      const res = await t.get("/api/admin/users");
      expect(res.status).toBe(401);
      expect((await json(res)).title).toBe("Error de Autenticación");
    });

    it("answers 403 to a signed-in user whose role lacks the permission", async () => {
      const guest = await createUser(t.db, { role: "guest_user" });
      const guestToken = await signIn(t.db, guest.id);
      for (const path of [
        "/api/admin/users",
        "/api/admin/contacts?page=1",
        "/api/admin/subscriptions/create",
        "/api/admin/users/create/1",
        "/api/admin/subscriptions/delete/1",
      ]) {
        const res = await t.get(path, guestToken);
        expect(res.status, path).toBe(403);
        expect((await json(res)).message).toBe("No tienes permiso para realizar esta acción.");
      }
      const res = await t.post("/api/admin/subscriptions/create", { email: "x@y.es" }, guestToken);
      expect(res.status).toBe(403);
      expect(await t.db.select().from(subscriptions)).toHaveLength(0);
    });

    it("answers 403 to staff whose e-mail is not verified, saying why", async () => {
      for (const role of ["admin", "super_admin"] as const) {
        const unverified = await createUser(t.db, { role, verified: false });
        const unverifiedToken = await signIn(t.db, unverified.id);
        for (const path of [
          "/api/admin/users",
          "/api/admin/desconocido",
          "/api/admin/users/create",
        ]) {
          const res = await t.get(path, unverifiedToken);
          expect(res.status, `${role} ${path}`).toBe(403);
          expect(await json(res)).toEqual({
            title: "Correo sin verificar",
            message: "Verifica tu correo electrónico para entrar en la administración.",
          });
        }
        const res = await t.post(
          "/api/admin/subscriptions/create",
          { email: "u@v.es" },
          unverifiedToken,
        );
        expect(res.status).toBe(403);
      }
      expect(await t.db.select().from(subscriptions)).toHaveLength(0);
    });

    it("lets a super administrator in too", async () => {
      const boss = await createUser(t.db, { role: "super_admin" });
      const res = await t.get("/api/admin/contacts", await signIn(t.db, boss.id));
      expect(res.status).toBe(200);
    });

    it("answers a JSON 404 for an unknown section", async () => {
      for (const path of [
        "/api/admin/facturas",
        "/api/admin/constructor",
        "/api/admin/__proto__",
      ]) {
        const res = await t.get(path, token);
        expect(res.status, path).toBe(404);
        expect(await json(res)).toEqual({
          title: "No encontrado",
          message: "La sección solicitada no existe.",
        });
      }
    });

    it("answers 404 for ids that name no record", async () => {
      for (const path of [
        "/api/admin/users/create/999999",
        "/api/admin/users/create/abc",
        "/api/admin/users/create/99999999999",
        "/api/admin/users/delete/999999",
        "/api/admin/contacts/delete/-1",
      ]) {
        const res = await t.get(path, token);
        expect(res.status, path).toBe(404);
        expect((await json(res)).message).toBe("El registro solicitado no existe.");
      }
      const res = await t.post(
        "/api/admin/subscriptions/update",
        { id: 999999, email: "nadie@example.test" },
        token,
      );
      expect(res.status).toBe(404);
    });
  });

  describe("users", () => {
    it("lists name, e-mail, role label and verified, never the password hash", async () => {
      const res = await t.get("/api/admin/users", token);
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.parameter_titles).toEqual({
        name: "Nombre",
        email: "Correo electrónico",
        role: "Rol",
        email_verified: "Verificado",
      });
      expect(body.routes).toEqual(["create", "update", "delete"]);
      const me = body.data.data.find((u: Json) => u.id === staff.id);
      expect(me).toMatchObject({
        name: "Ana Admin",
        email: staff.email,
        role: "Administrador",
        email_verified: true,
      });
      expect(me.created_at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
      expect(JSON.stringify(body)).not.toContain("password");
    });

    it("draws a blank create form with the roles the caller may give as choices", async () => {
      const res = await t.get("/api/admin/users/create", token);
      expect(res.status).toBe(200);
      const { parameter_details } = await json(res);
      expect(Object.keys(parameter_details)).toEqual([
        "name",
        "email",
        "role_id",
        "email_verified",
        "password",
      ]);
      expect(parameter_details.name).toEqual({ title: "Nombre", type: "text", value: "" });
      expect(parameter_details.email).toEqual({
        title: "Correo electrónico",
        type: "email",
        value: "",
      });
      expect(parameter_details.email_verified).toEqual({
        title: "Verificado",
        type: "checkbox",
        value: false,
      });
      expect(parameter_details.role_id.type).toBe("selector");
      expect(parameter_details.role_id.value).toBeNull();
      // An admin may not give the super admin role (decision 074): it is not offered.
      const roleTitles = (details: Json) => details.role_id.selector.map((o: Json) => o.title);
      expect(roleTitles(parameter_details)).toEqual(["Administrador", "Usuario"]);
      const boss = await createUser(t.db, { role: "super_admin" });
      const bossToken = await signIn(t.db, boss.id);
      for (const path of ["/api/admin/users/create", `/api/admin/users/create/${staff.id}`]) {
        const details = (await json(await t.get(path, bossToken))).parameter_details;
        expect(roleTitles(details), path).toEqual([
          "Super Administrador",
          "Administrador",
          "Usuario",
        ]);
      }
      const own = (await json(await t.get(`/api/admin/users/create/${staff.id}`, token)))
        .parameter_details;
      expect(roleTitles(own)).toEqual(["Administrador", "Usuario"]);
    });

    it("creates a user whose password signs in, with the e-mail lower-cased", async () => {
      const roleId = await roleIdOf("admin");
      const res = await saveUser("create", {
        name: "Bruno Obra",
        email: "  Bruno@Example.TEST ",
        role_id: String(roleId),
        email_verified: true,
        password: "andamio-azul-2026",
      });
      expect(res.status).toBe(201);
      const body = await json(res);
      expect(body.title).toBe("Registro creado");
      expect(body.data).toMatchObject({
        name: "Bruno Obra",
        email: "bruno@example.test",
        role_id: roleId,
        role: "Administrador",
        email_verified: true,
      });
      expect(body.data).not.toHaveProperty("password_hash");
      const [row] = await t.db.select().from(users).where(eq(users.id, body.data.id));
      expect(row?.email_verified_at).not.toBeNull();
      expect(await verifyPassword(row?.password_hash ?? "", "andamio-azul-2026")).toBe(true);
    });

    it("refuses a duplicate e-mail in any letter case, a weak password and an unknown role", async () => {
      const res = await saveUser("create", {
        name: "Otro",
        email: "BRUNO@example.test",
        role_id: 99,
        password: "123",
      });
      expect(res.status).toBe(422);
      const body = await json(res);
      expect(body.title).toBe("Error de Validación");
      expect(body.errors.role_id).toEqual(["El valor elegido en «Rol» no es válido."]);

      const weak = await json(
        await saveUser("create", {
          name: "Otro",
          email: "otro@example.test",
          role_id: 1,
          password: "123",
        }),
      );
      expect(weak.errors.password).toEqual(["La contraseña debe tener al menos 8 caracteres."]);

      const duplicate = await saveUser("create", {
        name: "Otro",
        email: "BRUNO@example.test",
        role_id: await roleIdOf("guest_user"),
        password: "andamio-rojo-2026",
      });
      expect(duplicate.status).toBe(422);
      expect((await json(duplicate)).errors).toEqual({
        email: ["Ya existe una cuenta con este correo electrónico."],
      });

      const empty = await json(await saveUser("create", {}));
      expect(empty.errors).toMatchObject({
        name: ["El campo «Nombre» es obligatorio."],
        email: ["El campo «Correo electrónico» es obligatorio."],
        role_id: ["El campo «Rol» es obligatorio."],
        password: ["La contraseña es obligatoria."],
      });
    });

    it("fills the edit form from the record, with the id hidden and no password", async () => {
      const bruno = await userByEmail("bruno@example.test");
      const res = await t.get(`/api/admin/users/create/${bruno.id}`, token);
      expect(res.status).toBe(200);
      const { parameter_details } = await json(res);
      expect(parameter_details.id).toEqual({ title: "ID", type: "hidden", value: bruno.id });
      expect(parameter_details.name.value).toBe("Bruno Obra");
      expect(parameter_details.email.value).toBe("bruno@example.test");
      expect(parameter_details.role_id.value).toBe(bruno.role_id);
      expect(parameter_details.email_verified.value).toBe(true);
      expect(parameter_details.password.value).toBe("");
    });

    it("updates a user: an empty password keeps the old one, unticking clears verification", async () => {
      const bruno = await userByEmail("bruno@example.test");
      const brunoToken = await signIn(t.db, bruno.id);
      const res = await saveUser("update", {
        id: bruno.id,
        name: "Bruno Reformas",
        email: "bruno@example.test",
        role_id: await roleIdOf("guest_user"),
        email_verified: false,
        password: "",
      });
      expect(res.status).toBe(200);
      const body = await json(res);
      expect(body.title).toBe("Registro actualizado");
      expect(body.data).toMatchObject({
        name: "Bruno Reformas",
        role: "Usuario",
        email_verified: false,
        email_verified_at: null,
      });
      const after = await userByEmail("bruno@example.test");
      expect(after.password_hash).toBe(bruno.password_hash);
      // The password did not change, so Bruno stays signed in.
      expect((await t.get("/api/user", brunoToken)).status).toBe(200);
    });

    it("keeps what an update leaves out: its verification, name and role stay as stored", async () => {
      const carla = await userById((await createUser(t.db, { role: "admin" })).id);
      const res = await saveUser("update", { id: carla.id, email: "carla.nueva@example.test" });
      expect(res.status).toBe(200);
      expect(await userById(carla.id)).toMatchObject({
        name: carla.name,
        email: "carla.nueva@example.test",
        role_id: carla.role_id,
        email_verified_at: carla.email_verified_at,
        password_hash: carla.password_hash,
      });
      // Sent blank, a required field is still refused, and a checkbox sent unticked is false.
      const blank = await saveUser("update", { id: carla.id, name: " " });
      expect(blank.status).toBe(422);
      expect((await json(blank)).errors).toEqual({ name: ["El campo «Nombre» es obligatorio."] });
      const untick = await saveUser("update", { id: carla.id, email_verified: false });
      expect((await json(untick)).data.email_verified).toBe(false);
    });

    it("sets a new password on update and signs that user out everywhere", async () => {
      const bruno = await userByEmail("bruno@example.test");
      await signIn(t.db, bruno.id);
      const res = await saveUser("update", {
        id: String(bruno.id),
        name: bruno.name,
        email: bruno.email,
        role_id: bruno.role_id,
        email_verified: "true",
        password: "ventana-nueva-2026",
      });
      expect(res.status).toBe(200);
      const after = await userByEmail("bruno@example.test");
      expect(await verifyPassword(after.password_hash, "ventana-nueva-2026")).toBe(true);
      expect(after.email_verified_at).not.toBeNull();
      const tokens = await t.db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.user_id, bruno.id));
      expect(tokens).toHaveLength(0);
    });

    it("keeps the e-mail unique on update too", async () => {
      const bruno = await userByEmail("bruno@example.test");
      const res = await saveUser("update", {
        ...bruno,
        email: staff.email.toUpperCase(),
        email_verified: true,
        password: "",
      });
      expect(res.status).toBe(422);
      expect((await json(res)).errors.email).toEqual([
        "Ya existe una cuenta con este correo electrónico.",
      ]);
    });

    it("refuses to delete the signed-in staff member's own account", async () => {
      const res = await t.get(`/api/admin/users/delete/${staff.id}`, token);
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({
        title: "Acceso denegado",
        message: "No puedes eliminar tu propia cuenta desde el panel.",
      });
      expect(await t.db.select().from(users).where(eq(users.id, staff.id))).toHaveLength(1);
    });

    it("deletes another user", async () => {
      const bruno = await userByEmail("bruno@example.test");
      const res = await t.get(`/api/admin/users/delete/${bruno.id}`, token);
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({
        title: "Registro eliminado",
        message: "El registro se ha eliminado correctamente.",
      });
      expect((await t.get(`/api/admin/users/create/${bruno.id}`, token)).status).toBe(404);
    });

    it("pages 12 users at a time, newest first", async () => {
      await pagination("users", async (n) => {
        for (let i = 0; i < n; i++) await createUser(t.db);
      });
    });
  });

  describe("role hierarchy", () => {
    const superAdminOnly =
      "Solo un super administrador puede dar o quitar el rol de super administrador.";
    const superAdminAccount =
      "Solo un super administrador puede modificar o eliminar la cuenta de un super administrador.";
    const form = (user: typeof users.$inferSelect, changes: Json = {}) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role_id: user.role_id,
      email_verified: true,
      password: "",
      ...changes,
    });

    it("lets only a super admin grant the super admin role", async () => {
      const superRole = await roleIdOf("super_admin");
      const body = {
        name: "Intrusa",
        email: "intrusa@example.test",
        role_id: superRole,
        email_verified: true,
        password: "andamio-verde-2026",
      };
      const res = await saveUser("create", body);
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({ title: "Acceso denegado", message: superAdminOnly });
      expect(await t.db.select().from(users).where(eq(users.email, body.email))).toEqual([]);

      const guest = await userById((await createUser(t.db)).id);
      const promote = await saveUser("update", form(guest, { role_id: superRole }));
      expect(promote.status).toBe(403);
      expect((await json(promote)).message).toBe(superAdminOnly);
      expect((await userById(guest.id)).role_id).toBe(guest.role_id);
    });

    it("keeps an admin's hands off a super admin's account", async () => {
      const boss = await userById((await createUser(t.db, { role: "super_admin" })).id);
      const rename = await saveUser("update", form(boss, { name: "Otro" }));
      expect(rename.status).toBe(403);
      expect(await json(rename)).toEqual({ title: "Acceso denegado", message: superAdminAccount });
      const demote = await saveUser(
        "update",
        form(boss, { role_id: await roleIdOf("guest_user") }),
      );
      expect((await json(demote)).message).toBe(superAdminAccount);
      const remove = await t.get(`/api/admin/users/delete/${boss.id}`, token);
      expect(remove.status).toBe(403);
      expect((await json(remove)).message).toBe(superAdminAccount);
      expect(await userById(boss.id)).toEqual(boss);
    });

    it("lets nobody change their own role, but still edit their other fields", async () => {
      const me = await userById((await createUser(t.db, { role: "admin" })).id);
      const myToken = await signIn(t.db, me.id);
      const res = await saveUser(
        "update",
        form(me, { role_id: await roleIdOf("guest_user") }),
        myToken,
      );
      expect(res.status).toBe(403);
      expect(await json(res)).toEqual({
        title: "Acceso denegado",
        message: "No puedes cambiar tu propio rol.",
      });
      expect((await t.get("/api/admin/users", myToken)).status).toBe(200);

      const renamed = await saveUser("update", form(me, { name: "Yo Mismo" }), myToken);
      expect(renamed.status).toBe(200);
      expect(await userById(me.id)).toMatchObject({ name: "Yo Mismo", role_id: me.role_id });
    });

    it("never demotes nor deletes the last super admin, even at the hands of a super admin", async () => {
      const superRole = await roleIdOf("super_admin");
      const last = await userById((await createUser(t.db, { role: "super_admin" })).id);
      await demoteEverySuperAdminBut(last.id);
      const lastToken = await signIn(t.db, last.id);

      const demote = await saveUser(
        "update",
        form(last, { role_id: await roleIdOf("admin") }),
        lastToken,
      );
      expect(demote.status).toBe(422);
      const lastMessage = "Tiene que quedar al menos un super administrador.";
      expect(await json(demote)).toEqual({
        title: "Error de Validación",
        message: lastMessage,
        errors: { role_id: [lastMessage] },
        field_titles: { role_id: "Rol" },
      });
      const remove = await t.get(`/api/admin/users/delete/${last.id}`, lastToken);
      expect(remove.status).toBe(422);
      expect((await json(remove)).message).toBe(lastMessage);
      expect((await userById(last.id)).role_id).toBe(superRole);
    });

    it("lets nobody unverify their own e-mail, and keeps one verified super admin", async () => {
      const me = await userById((await createUser(t.db, { role: "admin" })).id);
      const myToken = await signIn(t.db, me.id);
      const unverifyMe = await saveUser("update", form(me, { email_verified: false }), myToken);
      expect(unverifyMe.status).toBe(403);
      expect(await json(unverifyMe)).toEqual({
        title: "Acceso denegado",
        message: "No puedes quitar la verificación de tu propio correo.",
      });
      expect((await t.get("/api/admin/users", myToken)).status).toBe(200);

      // The last verified super admin, with an unverified one beside it.
      const last = await userById((await createUser(t.db, { role: "super_admin" })).id);
      await demoteEverySuperAdminBut(last.id);
      const other = await userById(
        (await createUser(t.db, { role: "super_admin", verified: false })).id,
      );
      const lastToken = await signIn(t.db, last.id);
      const lastMessage =
        "Tiene que quedar al menos un super administrador con el correo verificado.";
      const unverify = await saveUser("update", form(last, { email_verified: false }), lastToken);
      expect(unverify.status).toBe(422);
      expect((await json(unverify)).errors).toEqual({ email_verified: [lastMessage] });
      const demote = await saveUser(
        "update",
        form(last, { role_id: await roleIdOf("admin") }),
        lastToken,
      );
      expect((await json(demote)).errors).toEqual({ role_id: [lastMessage] });
      const remove = await t.get(`/api/admin/users/delete/${last.id}`, lastToken);
      expect((await json(remove)).errors).toEqual({ id: [lastMessage] });
      expect(await userById(last.id)).toEqual(last);
      expect((await t.get("/api/admin/users", lastToken)).status).toBe(200);

      // Once the other one is verified, either may be unverified by the other.
      const verifyOther = await saveUser(
        "update",
        form(other, { email_verified: true }),
        lastToken,
      );
      expect(verifyOther.status).toBe(200);
      const unverifyLast = await saveUser(
        "update",
        form(last, { email_verified: false }),
        await signIn(t.db, other.id),
      );
      expect(unverifyLast.status).toBe(200);
    });

    it("keeps one super admin when two demote or delete each other at the same moment", async () => {
      const superRole = await roleIdOf("super_admin");
      for (const action of ["demote", "delete"] as const) {
        const a = await userById((await createUser(t.db, { role: "super_admin" })).id);
        const b = await userById((await createUser(t.db, { role: "super_admin" })).id);
        await demoteEverySuperAdminBut(a.id, b.id);
        const [tokenA, tokenB] = [await signIn(t.db, a.id), await signIn(t.db, b.id)];
        const change = async (target: typeof a, as: string) =>
          action === "demote"
            ? saveUser("update", form(target, { role_id: await roleIdOf("admin") }), as)
            : t.get(`/api/admin/users/delete/${target.id}`, as);
        const answers = await Promise.all([change(b, tokenA), change(a, tokenB)]);
        // The second to run finds its caller no longer a super admin.
        expect(answers.map((res) => res.status).sort(), action).toEqual([200, 403]);
        const left = await t.db.select().from(users).where(eq(users.role_id, superRole));
        expect(left, action).toHaveLength(1);
      }
    });
  });

  describe("contacts", () => {
    it("lists messages with their labels and offers update and delete only", async () => {
      await t.db.insert(contacts).values({
        name: "Carmen",
        email: null,
        phone: "+34 600 000 000",
        subject: "Reforma de cocina",
        message: "Quiero presupuesto.\nGracias.",
        service: "reformas-de-cocinas",
        area: "Valencia",
        budget: "15000-30000",
      });
      const body = await json(await t.get("/api/admin/contacts", token));
      expect(body.routes).toEqual(["update", "delete"]);
      // What staff triage by first (decision 169); name and subject are the record's title.
      expect(body.parameter_titles).toEqual({
        service: "Servicio",
        area: "Provincia o ciudad",
        budget: "Presupuesto aproximado",
        created_at: "Recibido",
        assignee_name: "Responsable",
        phone: "Teléfono",
        email: "Correo electrónico",
        message: "Mensaje",
        source_channel: "Origen",
      });
      expect(body.table_layout).toEqual({
        summary: "message",
        wide: ["area", "email", "source_channel"],
      });
      expect(body.data.data[0]).toMatchObject({
        record_title: "Carmen — Reforma de cocina",
        email: null,
        phone: "+34 600 000 000",
        service: "reformas-de-cocinas",
        area: "Valencia",
        budget: "15000-30000",
      });
      expect(body.value_titles.service["reformas-de-cocinas"]).toBe("Reforma de cocinas");
      expect(body.value_titles.budget["15000-30000"]).toBe("De 15.000 a 30.000 €");
      // A section that declares no layout gets none, and the field its records are titled by
      // (decision 206), which the table does not draw twice.
      expect((await json(await t.get("/api/admin/users", token))).table_layout).toEqual({
        title: "name",
      });
    });

    it("has no create form: staff do not write visitors' messages", async () => {
      expect((await t.get("/api/admin/contacts/create", token)).status).toBe(404);
      const res = await t.post(
        "/api/admin/contacts/create",
        { name: "X", subject: "Y", message: "Z" },
        token,
      );
      expect(res.status).toBe(404);
      expect((await json(res)).message).toBe("Esta acción no está disponible en esta sección.");
    });

    it("edits a message and marks it handled", async () => {
      const [carmen] = await t.db.select().from(contacts).where(eq(contacts.name, "Carmen"));
      const form = await json(await t.get(`/api/admin/contacts/create/${carmen?.id}`, token));
      expect(form.parameter_details.message).toEqual({
        title: "Mensaje",
        type: "textarea",
        value: "Quiero presupuesto.\nGracias.",
      });
      expect(form.parameter_details.email.value).toBe("");
      expect(form.parameter_details.handled).toEqual({
        title: "Atendido",
        type: "checkbox",
        value: false,
      });

      const values = Object.fromEntries(
        Object.entries(form.parameter_details).map(([k, v]) => [k, (v as Json).value]),
      );
      const res = await t.post("/api/admin/contacts/update", { ...values, handled: true }, token);
      expect(res.status).toBe(200);
      expect((await json(res)).data).toMatchObject({ handled: true, email: null });
    });

    it("answers 422 with Spanish messages per field", async () => {
      const [carmen] = await t.db.select().from(contacts).where(eq(contacts.name, "Carmen"));
      const res = await t.post(
        "/api/admin/contacts/update",
        {
          id: carmen?.id,
          name: "",
          email: "no-es-un-correo",
          phone: "llámame",
          subject: "x".repeat(151),
          message: "Hola",
        },
        token,
      );
      expect(res.status).toBe(422);
      expect((await json(res)).errors).toEqual({
        name: ["El campo «Nombre» es obligatorio."],
        email: ["El campo «Correo electrónico» debe ser un correo electrónico válido."],
        phone: [
          "El campo «Teléfono» solo puede contener números, espacios, puntos y los signos + ( ) -.",
        ],
        subject: ["El campo «Asunto» no puede tener más de 150 caracteres."],
      });
    });

    it("deletes a message", async () => {
      const [carmen] = await t.db.select().from(contacts).where(eq(contacts.name, "Carmen"));
      expect((await t.get(`/api/admin/contacts/delete/${carmen?.id}`, token)).status).toBe(200);
      expect(await t.db.select().from(contacts).where(eq(contacts.name, "Carmen"))).toEqual([]);
    });

    it("pages 12 messages at a time, newest first", async () => {
      await pagination("contacts", async (n) => {
        await t.db.insert(contacts).values(
          Array.from({ length: n }, (_, i) => ({
            name: `Visitante ${i}`,
            subject: "Consulta",
            message: "Hola",
          })),
        );
      });
    });
  });

  describe("subscriptions", () => {
    it("creates, edits and deletes a subscription, unique in any letter case", async () => {
      const list = await json(await t.get("/api/admin/subscriptions", token));
      expect(list.routes).toEqual(["create", "update", "delete"]);
      // The list's columns as staff read them, left to right: status and proof of consent
      // (decision 104), and until when data is blocked (168).
      expect(Object.entries(list.parameter_titles)).toEqual([
        ["email", "Correo electrónico"],
        ["status_label", "Estado"],
        ["consent_at", "Consentimiento"],
        ["consent_page", "Página"],
        ["consent_version", "Versión del texto"],
        ["confirmed_at", "Confirmada"],
        ["unsubscribed_at", "Baja"],
        ["blocked_until", "Datos bloqueados hasta"],
        ["created_at", "Fecha de alta"],
      ]);
      const form = await json(await t.get("/api/admin/subscriptions/create", token));
      expect(form.parameter_details).toEqual({
        email: { title: "Correo electrónico", type: "email", value: "" },
      });

      const created = await t.post(
        "/api/admin/subscriptions/create",
        { email: "Lucia@Example.test" },
        token,
      );
      expect(created.status).toBe(201);
      const { data } = await json(created);
      expect(data.email).toBe("lucia@example.test");

      const again = await t.post(
        "/api/admin/subscriptions/create",
        { email: "LUCIA@example.TEST" },
        token,
      );
      expect(again.status).toBe(422);
      expect((await json(again)).errors).toEqual({
        email: ["Este correo electrónico ya está suscrito."],
      });

      const bad = await t.post("/api/admin/subscriptions/create", { email: "lucia" }, token);
      expect((await json(bad)).errors).toEqual({
        email: ["El campo «Correo electrónico» debe ser un correo electrónico válido."],
      });

      const updated = await t.post(
        "/api/admin/subscriptions/update",
        { id: data.id, email: "lucia.nueva@example.test" },
        token,
      );
      expect(updated.status).toBe(200);
      expect((await json(updated)).data.email).toBe("lucia.nueva@example.test");

      const noId = await t.post("/api/admin/subscriptions/update", { email: "a@b.es" }, token);
      expect(noId.status).toBe(422);
      expect((await json(noId)).errors).toEqual({ id: ["El campo «ID» es obligatorio."] });

      expect((await t.get(`/api/admin/subscriptions/delete/${data.id}`, token)).status).toBe(200);
      expect((await t.get(`/api/admin/subscriptions/delete/${data.id}`, token)).status).toBe(404);
    });

    it("never lends one person's consent to another address (decision 155)", async () => {
      const created = await json(
        await t.post(
          "/api/admin/subscriptions/create",
          { email: "sin.prueba@example.test" },
          token,
        ),
      );
      expect(created.data).toMatchObject({ status: "pending", consent_at: null });

      const [confirmed] = await t.db
        .insert(subscriptions)
        .values({
          email: "elena@example.test",
          status: "confirmed",
          consent_version: "2026-11",
          consent_text: "Quiero recibir el boletín.",
          consent_page: "/",
          consent_ip: "198.51.100.7",
          confirmed_at: new Date(),
          unsubscribe_token: "u".repeat(43),
        })
        .returning();
      const id = confirmed?.id as number;
      const save = (email: string) =>
        t.post("/api/admin/subscriptions/update", { id, email }, token);
      const elenasBlockedProofs = () =>
        t.db
          .select()
          .from(blockedConsents)
          .where(sql`lower(${blockedConsents.email}) = 'elena@example.test'`);
      const stored = async () =>
        (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

      // The same address in other letters is the same person: nothing changes.
      expect((await save("Elena@Example.test")).status).toBe(200);
      expect(await stored()).toMatchObject({ status: "confirmed", consent_ip: "198.51.100.7" });

      // Another address: pending, with no proof and no links, so no campaign reaches it.
      expect(await elenasBlockedProofs()).toEqual([]);
      expect((await save("cunado@example.test")).status).toBe(200);
      const readdressed = await stored();
      expect(readdressed).toMatchObject({ email: "cunado@example.test", status: "pending" });
      // Nothing of Elena's is left in any column, one added later too: but for the row's id,
      // address, status and dates, every column is empty (her proof, dates and tokens).
      const own = new Set(["id", "email", "status", "created_at", "updated_at"]);
      expect(
        Object.entries(readdressed ?? {}).filter(
          ([column, value]) => !own.has(column) && value !== null,
        ),
      ).toEqual([]);
      // Elena's consent ended there; its proof is kept blocked under her address (decision 168).
      expect(await elenasBlockedProofs()).toMatchObject([
        {
          consent_text: "Quiero recibir el boletín.",
          consent_ip: "198.51.100.7",
          ended_by: "readdressed",
        },
      ]);
      // Saved again with the new address: no consent ends, nothing more is kept.
      expect((await save("cunado@example.test")).status).toBe(200);
      expect(await elenasBlockedProofs()).toHaveLength(1);
    });

    it("answers 400 to a body that is not JSON", async () => {
      const res = await t.app.request("/api/admin/subscriptions/create", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: "{email:",
      });
      expect(res.status).toBe(400);
      const array = await t.post("/api/admin/subscriptions/create", ["a@b.es"], token);
      expect(array.status).toBe(422);
    });

    it("pages 12 subscriptions at a time, newest first", async () => {
      await pagination("subscriptions", async (n) => {
        await t.db
          .insert(subscriptions)
          .values(Array.from({ length: n }, (_, i) => ({ email: `s${i}@example.test` })));
      });
    });
  });

  async function roleIdOf(name: string): Promise<number> {
    const [role] = await t.db.select().from(roles).where(eq(roles.name, name));
    if (!role) throw new Error(`no role ${name}`);
    return role.id;
  }

  async function userById(id: number) {
    const [user] = await t.db.select().from(users).where(eq(users.id, id));
    if (!user) throw new Error(`no user ${id}`);
    return user;
  }

  /** Straight in the database: every other super admin becomes an admin. */
  async function demoteEverySuperAdminBut(...keep: number[]) {
    await t.db
      .update(users)
      .set({ role_id: await roleIdOf("admin") })
      .where(and(eq(users.role_id, await roleIdOf("super_admin")), notInArray(users.id, keep)));
  }

  async function userByEmail(email: string) {
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    return user;
  }

  /** Fills the resource up to 14 records past what it holds, then walks the pages. */
  async function pagination(resource: string, add: (n: number) => Promise<void>) {
    const before = (await json(await t.get(`/api/admin/${resource}`, token))).data.total as number;
    const wanted = 26 - before;
    await add(wanted);
    const first = (await json(await t.get(`/api/admin/${resource}?page=1`, token))).data;
    expect(first).toMatchObject({ current_page: 1, last_page: 3, total: 26, per_page: 12 });
    expect(first.data).toHaveLength(12);
    const ids = first.data.map((r: Json) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const third = (await json(await t.get(`/api/admin/${resource}?page=3`, token))).data;
    expect(third).toMatchObject({ current_page: 3, last_page: 3, total: 26 });
    expect(third.data).toHaveLength(2);
    const all = new Set([...ids, ...third.data.map((r: Json) => r.id)]);
    expect(all.size).toBe(14);

    const beyond = (await json(await t.get(`/api/admin/${resource}?page=9`, token))).data;
    expect(beyond).toMatchObject({ data: [], current_page: 9, last_page: 3, total: 26 });

    for (const page of ["abc", "0", "-2", "1.5", ""]) {
      const body = (await json(await t.get(`/api/admin/${resource}?page=${page}`, token))).data;
      expect(body.current_page, page).toBe(1);
      expect(body.data.map((r: Json) => r.id)).toEqual(ids);
    }
  }
});
