import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { termsVersion } from "../../content/account-fields.ts";
import { goodPassword, registerUser } from "../../tests/support/accounts.ts";
import {
  createTestApp,
  expectValidationErrors,
  perSuite,
  uniqueIp,
} from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { createUser, signIn } from "../../tests/support/users.ts";
import { accessTokenLifetime } from "../auth/access-tokens.ts";
import { hashToken } from "../auth/tokens.ts";
import { accessTokens, mailOutbox, users } from "../db/schema.ts";

const registration = (email: string, password = goodPassword) => ({
  name: "  Lucía Martínez  ",
  email,
  password,
  password_confirmation: password,
});

describe.skipIf(skipDatabase)("accounts: register, login, user, logout", () => {
  const t = perSuite(() => createTestApp());

  /** Each sign-up from its own address: the per-address limit is tested on its own below. */
  const signUp = (body: unknown) => t.post("/api/register", body, undefined, uniqueIp());

  describe("POST /api/register", () => {
    it("creates an unverified guest, answers with user and token, and queues the verification mail", async () => {
      const res = await signUp(registration("  Nueva.Clienta@Example.COM "));
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body.title).toBe("¡Bienvenido!");
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user).toEqual({
        id: expect.any(Number),
        name: "Lucía Martínez",
        email: "nueva.clienta@example.com",
        email_verified_at: null,
        roles: [{ name: "guest_user", label: "Usuario", permissions: [] }],
      });
      const me = await t.get("/api/user", body.token);
      expect((await me.json()).user.email).toBe("nueva.clienta@example.com");
      const [mail] = await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, "nueva.clienta@example.com"));
      expect(mail?.subject).toBe("Confirma tu correo electrónico en Obra Mediterránea");
      expect(mail?.text).toMatch(/http:\/\/localhost:3000\/verify-email\/[A-Za-z0-9_-]{43}\n/);
    });

    it("never lets the visitor choose a role or mark the e-mail verified", async () => {
      const res = await signUp({
        ...registration("quiere-ser-admin@example.com"),
        role: "super_admin",
        role_id: 1,
        roles: [{ name: "super_admin" }],
        email_verified_at: "2026-01-01T00:00:00Z",
        email_verified: true,
      });
      expect(res.status).toBe(201);
      const { user } = await res.json();
      expect(user.roles[0].name).toBe("guest_user");
      expect(user.email_verified_at).toBeNull();
    });

    describe("the accepted-terms checkbox (decision 167)", () => {
      const termsOf = async (email: string) =>
        (
          await t.db
            .select({ at: users.terms_accepted_at, version: users.terms_version })
            .from(users)
            .where(eq(users.email, email))
        )[0];

      it("SPEC §7's body, without it, still makes the account, with no acceptance recorded", async () => {
        const res = await signUp(registration("sin-terminos@example.com"));
        expect(res.status).toBe(201);
        expect(await termsOf("sin-terminos@example.com")).toEqual({ at: null, version: null });
      });

      it("ticked, records when and which version of the texts the form showed", async () => {
        const before = Date.now();
        const res = await signUp({
          ...registration("con-terminos@example.com"),
          terms: true,
          terms_version: termsVersion,
        });
        expect(res.status).toBe(201);
        // The answer is SPEC's: the user has no new fields.
        expect(Object.keys((await res.json()).user).sort()).toEqual(
          ["email", "email_verified_at", "id", "name", "roles"].sort(),
        );
        const terms = await termsOf("con-terminos@example.com");
        expect(terms?.version).toBe(termsVersion);
        expect(terms?.at?.getTime()).toBeGreaterThanOrEqual(before - 5_000);
        expect(terms?.at?.getTime()).toBeLessThanOrEqual(Date.now() + 5_000);
      });

      it("a version the site never showed, or none, is recorded as the current one", async () => {
        for (const [email, version] of [
          ["version-inventada@example.com", "la que yo diga"],
          ["version-ausente@example.com", undefined],
          ["version-numero@example.com", 7],
        ] as const) {
          const res = await signUp({ ...registration(email), terms: true, terms_version: version });
          expect(res.status, email).toBe(201);
          expect((await termsOf(email))?.version, email).toBe(termsVersion);
        }
      });

      it("unticked or not a yes/no, refuses on the checkbox, and makes no account", async () => {
        const unticked = await signUp({ ...registration("sin-marcar@example.com"), terms: false });
        const body = await expectValidationErrors(unticked, {
          terms: [
            "Para crear la cuenta tienes que aceptar los términos y condiciones y la política de privacidad.",
          ],
        });
        expect(body.field_titles).toEqual({ terms: "Términos y condiciones" });
        const asText = await signUp({ ...registration("texto-on@example.com"), terms: "on" });
        await expectValidationErrors(asText, {
          terms: ["Indica sí o no en «Términos y condiciones»."],
        });
        const made = await t.db
          .select({ id: users.id })
          .from(users)
          .where(sql`${users.email} in ('sin-marcar@example.com', 'texto-on@example.com')`);
        expect(made).toEqual([]);
      });

      it("shows in the admin's user details; staff-made accounts have none", async () => {
        await signUp({
          ...registration("detalle-terminos@example.com"),
          terms: true,
          terms_version: termsVersion,
        });
        const admin = await createUser(t.db, { role: "super_admin" });
        const token = await signIn(t.db, admin.id);
        const [row] = await t.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.email, "detalle-terminos@example.com"));
        const detail = await (await t.get(`/api/admin/users/detail/${row?.id}`, token)).json();
        expect(detail.parameter_titles).toMatchObject({
          terms_accepted_at: "Términos aceptados",
          terms_version: "Versión de los términos",
        });
        expect(detail.data.terms_version).toBe(termsVersion);
        expect(Date.parse(detail.data.terms_accepted_at)).toBeGreaterThan(Date.now() - 60_000);

        const staffMade = await t.post(
          "/api/admin/users/create",
          {
            name: "Hecha Por Staff",
            email: "hecha-por-staff@example.com",
            role_id: 3,
            password: goodPassword,
            terms_accepted_at: "2026-01-01T00:00:00Z",
            terms_version: termsVersion,
          },
          token,
        );
        expect(staffMade.status).toBe(201);
        expect(await termsOf("hecha-por-staff@example.com")).toEqual({ at: null, version: null });
      });

      it("the database keeps the moment and the version together", async () => {
        const failure = await t.db
          .execute(
            sql`update ${users} set terms_version = ${termsVersion} where ${users.email} = 'sin-terminos@example.com'`,
          )
          .then(
            () => undefined,
            (error: unknown) => error,
          );
        expect(JSON.stringify(failure, Object.getOwnPropertyNames(failure ?? {}))).toContain(
          "users_terms_acceptance_check",
        );
      });
    });

    it("answers 422 with a Spanish message per field", async () => {
      const res = await signUp({
        name: "   ",
        email: "no-es-un-correo",
        password: "corta",
        password_confirmation: "corta",
      });
      await expectValidationErrors(res, {
        name: ["El campo «Nombre» es obligatorio."],
        email: ["El campo «Correo electrónico» debe ser un correo electrónico válido."],
        password: ["La contraseña debe tener al menos 8 caracteres."],
      });
    });

    it("counts a name of invisible characters only as missing", async () => {
      const res = await signUp({
        ...registration("invisible@example.com"),
        name: "\u200b\u200c\u2060",
      });
      await expectValidationErrors(res, { name: ["El campo «Nombre» es obligatorio."] });
    });

    it("asks for every field that is missing", async () => {
      const res = await signUp({});
      const { errors } = await res.json();
      expect(errors.name).toEqual(["El campo «Nombre» es obligatorio."]);
      expect(errors.email).toEqual(["El campo «Correo electrónico» es obligatorio."]);
      expect(errors.password).toEqual(["La contraseña es obligatoria."]);
    });

    it("refuses a name over 100 characters and a password over 128", async () => {
      const long = "a".repeat(129);
      const res = await signUp({
        ...registration("largo@example.com", long),
        name: "N".repeat(101),
      });
      const { errors } = await res.json();
      expect(errors.name).toEqual(["El campo «Nombre» no puede tener más de 100 caracteres."]);
      expect(errors.password).toEqual(["La contraseña no puede tener más de 128 caracteres."]);
    });

    it("accepts a 64-character passphrase with no digits or symbols", async () => {
      const passphrase = "la casa del acantilado tiene vistas al mar desde cada ventana yy";
      expect(passphrase).toHaveLength(64);
      const res = await signUp(registration("frase@example.com", passphrase));
      expect(res.status).toBe(201);
    });

    it("refuses a password from the common-passwords list, in any letter case", async () => {
      for (const password of ["password1", "Qwertyuiop", "FOOTBALL"]) {
        const res = await signUp(registration("comun@example.com", password));
        expect(res.status).toBe(422);
        expect((await res.json()).errors.password).toEqual([
          "Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.",
        ]);
      }
    });

    it("reports a confirmation that does not match on the password field", async () => {
      const res = await signUp({
        ...registration("confirma@example.com"),
        password_confirmation: "otra-cosa-distinta-2026",
      });
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({
        password: ["La confirmación de la contraseña no coincide."],
      });
    });

    it("refuses an e-mail that already has an account, whatever its letter case", async () => {
      await registerUser(t, { email: "repetida@example.com" });
      const res = await signUp(registration("REPETIDA@Example.com"));
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({
        email: ["Ya existe una cuenta con este correo electrónico."],
      });
    });

    it("keeps one account when 20 identical registrations race", async () => {
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => signUp(registration("carrera@example.com"))),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.filter((s) => s === 422)).toHaveLength(19);
      const [{ count }] = (await t.db
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(eq(users.email, "carrera@example.com"))) as [{ count: number }];
      expect(count).toBe(1);
    });
  });

  describe("registrations from one address", () => {
    it("allow 10 attempts an hour, refused forms included, then 429", async () => {
      const ip = uniqueIp();
      const register = (email: string) =>
        t.post("/api/register", registration(email), undefined, ip);
      for (let i = 0; i < 5; i++) {
        expect((await t.post("/api/register", {}, undefined, ip)).status).toBe(422);
      }
      for (let i = 0; i < 5; i++) {
        expect((await register(`cuenta${i}@vecino.example`)).status).toBe(201);
      }
      const refused = await register("la-once@vecino.example");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await register("otra@example.com")).status).toBe(429);
      expect(
        (await t.post("/api/register", registration("otra@example.com"), undefined, uniqueIp()))
          .status,
      ).toBe(201);
    });
  });

  describe("POST /api/login", () => {
    it("signs in with the right password, in any e-mail letter case", async () => {
      const account = await registerUser(t);
      const res = await t.post("/api/login", {
        email: account.email.toUpperCase(),
        password: account.password,
      });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.title).toBe("¡Hola de nuevo!");
      expect(body.user.email).toBe(account.email);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.token).not.toBe(account.token);
      expect((await t.get("/api/user", body.token)).status).toBe(200);
    });

    it("answers 401 alike for a wrong password and an unknown e-mail", async () => {
      const account = await registerUser(t);
      const wrong = await t.post("/api/login", {
        email: account.email,
        password: "no-es-esta-2026",
      });
      const unknown = await t.post("/api/login", {
        email: "nadie@example.com",
        password: "no-es-esta-2026",
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      const expected = {
        title: "Error de Autenticación",
        message: "El correo electrónico o la contraseña no son correctos.",
      };
      expect(await wrong.json()).toEqual(expected);
      expect(await unknown.json()).toEqual(expected);
    });

    it("answers 422 when e-mail or password is missing", async () => {
      const res = await t.post("/api/login", { email: "" });
      expect(res.status).toBe(422);
      expect(Object.keys((await res.json()).errors).sort()).toEqual(["email", "password"]);
    });

    it("locks the e-mail out for a minute after 5 failed attempts, even for the right password", async () => {
      const account = await registerUser(t);
      for (let i = 0; i < 5; i++) {
        const res = await t.post("/api/login", { email: account.email, password: "mal-2026-xyz" });
        expect(res.status).toBe(401);
      }
      const locked = await t.post("/api/login", {
        email: account.email,
        password: account.password,
      });
      expect(locked.status).toBe(429);
      const retryAfter = Number(locked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect((await locked.json()).title).toBe("Demasiados intentos");
    });

    it("lets no more than 5 of a parallel burst of wrong passwords through to the check", async () => {
      const account = await registerUser(t);
      const burst = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.post("/api/login", { email: account.email, password: "mal-2026-xyz" }),
        ),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    });

    it("forgets earlier failures after a successful sign-in", async () => {
      const account = await registerUser(t);
      const fail = () => t.post("/api/login", { email: account.email, password: "mal-2026-xyz" });
      for (let i = 0; i < 4; i++) await fail();
      const ok = await t.post("/api/login", { email: account.email, password: account.password });
      expect(ok.status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await fail()).status).toBe(401);
    });

    it("gives a remembered sign-in 30 days and a plain one 12 hours", async () => {
      const account = await registerUser(t);
      const lifeOf = async (remember?: boolean) => {
        const res = await t.post("/api/login", {
          email: account.email,
          password: account.password,
          remember,
        });
        const { token } = await res.json();
        const [row] = await t.db
          .select({ expires_at: accessTokens.expires_at })
          .from(accessTokens)
          .where(eq(accessTokens.token_hash, hashToken(token)));
        return (row?.expires_at.getTime() ?? 0) - Date.now();
      };
      const remembered = await lifeOf(true);
      const plain = await lifeOf(false);
      const minute = 60_000;
      expect(Math.abs(remembered - accessTokenLifetime.remembered)).toBeLessThan(minute);
      expect(Math.abs(plain - accessTokenLifetime.session)).toBeLessThan(minute);
      expect(Math.abs((await lifeOf()) - accessTokenLifetime.session)).toBeLessThan(minute);
    });
  });

  describe("GET /api/user and GET /api/logout", () => {
    it("answers 401 without a token, with a made-up token and with an expired one", async () => {
      const account = await registerUser(t);
      expect((await t.get("/api/user")).status).toBe(401);
      const madeUp = await t.get("/api/user", "x".repeat(43));
      expect(madeUp.status).toBe(401);
      expect((await madeUp.json()).title).toBe("Error de Autenticación");
      await t.db
        .update(accessTokens)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(accessTokens.token_hash, hashToken(account.token)));
      expect((await t.get("/api/user", account.token)).status).toBe(401);
    });

    it("returns { user } for a valid token", async () => {
      const account = await registerUser(t, { name: "Jordi Puig" });
      const res = await t.get("/api/user", account.token);
      expect(await res.json()).toEqual({ user: account.user });
    });

    it("revokes only the token that logs out", async () => {
      const account = await registerUser(t);
      const other = await t.post("/api/login", {
        email: account.email,
        password: account.password,
      });
      const otherToken = (await other.json()).token;
      const res = await t.get("/api/logout", account.token);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        title: "Sesión cerrada",
        message: "Has cerrado sesión. ¡Hasta pronto!",
      });
      expect((await t.get("/api/user", account.token)).status).toBe(401);
      expect((await t.get("/api/logout", account.token)).status).toBe(401);
      expect((await t.get("/api/user", otherToken)).status).toBe(200);
    });
  });
});
