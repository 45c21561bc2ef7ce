import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { expireLink, linkInOutbox, registerUser, tokenOf } from "../../tests/support/accounts.ts";
import { createTestApp, perSuite, uniqueIp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { newPasswordsHashed } from "../auth/passwords.ts";
import { mailOutbox } from "../db/schema.ts";

const newPassword = "persiana-alicante-2027";

const invalidLink = {
  title: "Enlace no válido",
  message:
    "Este enlace para cambiar la contraseña no es válido, ya se usó o ha caducado. Pide uno nuevo.",
};

describe.skipIf(skipDatabase)("password reset", () => {
  const t = perSuite(() => createTestApp());

  /** Asks for a reset from its own client address, so the per-IP limit stays out of the way. */
  const forgot = (email: unknown, ip = "198.51.100.1") =>
    t.post("/api/forgot-password", { email }, undefined, ip);

  const resetLink = async (email: string) => {
    expect((await forgot(email)).status).toBe(200);
    return linkInOutbox(t, email, "/change-password/");
  };

  /** Two reset links for `email`, asked for one after the other: the older, then the newer. */
  const twoResetLinks = async (email: string) => {
    const older = await resetLink(email);
    expect((await forgot(email)).status).toBe(200);
    return [older, await linkInOutbox(t, email, "/change-password/", older)] as const;
  };

  /** From its own address unless told, so the per-address limit stays out of the way. */
  const reset = (email: string, token: string, password = newPassword, ip = uniqueIp()) =>
    t.post(
      "/api/reset-password",
      { email, token, password, password_confirmation: password },
      undefined,
      ip,
    );
  const madeUpToken = () => randomBytes(32).toString("base64url");

  describe("POST /api/forgot-password", () => {
    it("answers the same whether or not the account exists, and mails only the account holder", async () => {
      const account = await registerUser(t);
      const known = await forgot(account.email.toUpperCase());
      const unknown = await forgot("nadie-por-aqui@example.com");
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      const expected = await known.json();
      expect(await unknown.json()).toEqual(expected);
      expect(expected.title).toBe("Revisa tu correo");

      const link = await linkInOutbox(t, account.email, "/change-password/");
      expect(link).toBe(
        `http://localhost:3000/change-password/${encodeURIComponent(account.email)}/${tokenOf(link)}`,
      );
      const strangerMail = await t.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, "nadie-por-aqui@example.com"));
      expect(strangerMail).toEqual([]);
    });

    it("does the same on the request path for a known and an unknown address: the work waits its turn", async () => {
      // An app of its own whose queue works only when this test moves its timer on: at the
      // tests' short tick, the work queued by the first answer could run while the second was
      // being made, and be counted as the second's.
      vi.useFakeTimers({ toFake: ["setInterval"] });
      const own = await createTestApp();
      try {
        const account = await registerUser(own);
        // Every way the API reaches the database, counted while the answers are being made.
        const db = own.db as unknown as Record<string, (...args: unknown[]) => unknown>;
        const entries = ["select", "insert", "update", "delete", "transaction", "execute"];
        const spies = [
          ...entries.map((name) => vi.spyOn(db, name as never)),
          vi.spyOn(own.db.query.users, "findFirst"),
        ];
        const callsDuring = async (email: string) => {
          for (const spy of spies) spy.mockClear();
          const answer = await own.post("/api/forgot-password", { email }, undefined, uniqueIp());
          expect(answer.status).toBe(200);
          return spies.reduce((calls, spy) => calls + spy.mock.calls.length, 0);
        };
        try {
          expect(await callsDuring(account.email)).toBe(0);
          expect(await callsDuring("nadie-conocido@example.com")).toBe(0);
        } finally {
          for (const spy of spies) spy.mockRestore();
        }
        // Off the request path, on the queue's next tick (linkInOutbox moves the timer on), the
        // account holder still gets the link.
        await linkInOutbox(own, account.email, "/change-password/");
      } finally {
        vi.useRealTimers();
        await own.close();
      }
    });

    it("puts the e-mail URL-encoded into the link", async () => {
      const account = await registerUser(t, { email: "ana+obra@example.com" });
      const link = await resetLink(account.email);
      expect(link).toContain("/change-password/ana%2Bobra%40example.com/");
    });

    it("answers 422 for a missing or malformed e-mail", async () => {
      const res = await forgot("esto no es un correo");
      expect(res.status).toBe(422);
      expect((await res.json()).errors).toEqual({
        email: ["El campo «Correo electrónico» debe ser un correo electrónico válido."],
      });
    });

    it("allows 5 requests per e-mail per 15 minutes, then 429", async () => {
      const ask = (ip: string) => forgot("limite@example.com", ip);
      for (let i = 0; i < 5; i++) expect((await ask(`198.51.100.${10 + i}`)).status).toBe(200);
      const res = await ask("198.51.100.20");
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(800);
    });

    it("allows 20 requests per client address per 15 minutes, then 429", async () => {
      const ip = "198.51.100.99";
      for (let i = 0; i < 20; i++)
        expect((await forgot(`sonda${i}@example.com`, ip)).status).toBe(200);
      const res = await forgot("sonda-final@example.com", ip);
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBeTruthy();
    });
  });

  describe("POST /api/reset-password/check", () => {
    const check = (email: unknown, token: unknown, ip = uniqueIp()) =>
      t.post("/api/reset-password/check", { email, token }, undefined, ip);

    it("says whether a link still works, and changes nothing", async () => {
      const owner = await registerUser(t);
      const other = await registerUser(t);
      const token = tokenOf(await resetLink(owner.email));

      const usable = await check(owner.email.toUpperCase(), token);
      expect(usable.status).toBe(200);
      expect(await usable.json()).toEqual({ usable: true });
      for (const [email, wrong] of [
        [other.email, token],
        [owner.email, madeUpToken()],
        [owner.email, "' or 1=1--"],
      ]) {
        const refused = await check(email, wrong);
        expect(refused.status).toBe(400);
        expect(await refused.json()).toEqual(invalidLink);
      }
      // Checking used nothing up: the link still sets the password, once.
      expect((await reset(owner.email, token)).status).toBe(200);
      expect((await check(owner.email, token)).status).toBe(400);
    });

    it("finds an expired link and an older one unusable", async () => {
      const account = await registerUser(t);
      const [firstLink, secondLink] = await twoResetLinks(account.email);
      expect((await check(account.email, tokenOf(firstLink))).status).toBe(400);
      expect((await check(account.email, tokenOf(secondLink))).status).toBe(200);
      await expireLink(t, tokenOf(secondLink));
      expect((await check(account.email, tokenOf(secondLink))).status).toBe(400);
    });

    it("answers 422 for a missing e-mail or token and wrong types", async () => {
      const missing = await check(undefined, undefined);
      expect(missing.status).toBe(422);
      expect(Object.keys((await missing.json()).errors).sort()).toEqual(["email", "token"]);
      expect((await check(["a@b.es"], { token: 1 })).status).toBe(422);
    });

    it("allows 30 checks per client address per 15 minutes, then 429", async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++)
        statuses.push((await check(`sonda${i}@example.com`, madeUpToken(), ip)).status);
      expect(statuses).toEqual([...Array(30).fill(400), 429, 429]);
    });
  });

  describe("POST /api/reset-password", () => {
    it("sets the new password, signs every device out, and the link works only once", async () => {
      const account = await registerUser(t);
      const second = await (
        await t.post("/api/login", { email: account.email, password: account.password })
      ).json();
      const token = tokenOf(await resetLink(account.email));

      const res = await reset(account.email, token);
      expect(res.status).toBe(200);
      expect((await res.json()).title).toBe("Contraseña cambiada");

      expect((await t.get("/api/user", account.token)).status).toBe(401);
      expect((await t.get("/api/user", second.token)).status).toBe(401);
      const oldLogin = await t.post("/api/login", {
        email: account.email,
        password: account.password,
      });
      expect(oldLogin.status).toBe(401);
      const newLogin = await t.post("/api/login", { email: account.email, password: newPassword });
      expect(newLogin.status).toBe(200);

      const reused = await reset(account.email, token, "otra-clave-nueva-2028");
      expect(reused.status).toBe(400);
      expect(await reused.json()).toEqual(invalidLink);
    });

    it("refuses a token that belongs to another account", async () => {
      const owner = await registerUser(t);
      const intruder = await registerUser(t);
      const token = tokenOf(await resetLink(owner.email));
      expect((await reset(intruder.email, token)).status).toBe(400);
      expect((await reset("desconocido@example.com", token)).status).toBe(400);
      expect((await reset(owner.email, token)).status).toBe(200);
    });

    it("refuses a token older than 60 minutes", async () => {
      const account = await registerUser(t);
      const token = tokenOf(await resetLink(account.email));
      await expireLink(t, token);
      expect((await reset(account.email, token)).status).toBe(400);
      const login = await t.post("/api/login", {
        email: account.email,
        password: account.password,
      });
      expect(login.status).toBe(200);
    });

    it("lets only the newest link work", async () => {
      const account = await registerUser(t);
      const [firstLink, secondLink] = await twoResetLinks(account.email);
      expect((await reset(account.email, tokenOf(firstLink))).status).toBe(400);
      expect((await reset(account.email, tokenOf(secondLink))).status).toBe(200);
    });

    it("applies the password policy with Spanish messages", async () => {
      const account = await registerUser(t);
      const token = tokenOf(await resetLink(account.email));
      const common = await reset(account.email, token, "iloveyou");
      expect(common.status).toBe(422);
      expect((await common.json()).errors).toEqual({
        password: ["Esa contraseña es de las más usadas y fácil de adivinar. Elige otra."],
      });
      const mismatch = await t.post("/api/reset-password", {
        email: account.email,
        token,
        password: newPassword,
        password_confirmation: `${newPassword}!`,
      });
      expect((await mismatch.json()).errors).toEqual({
        password: ["La confirmación de la contraseña no coincide."],
      });
      const missing = await t.post("/api/reset-password", {});
      expect(Object.keys((await missing.json()).errors).sort()).toEqual([
        "email",
        "password",
        "token",
      ]);
      expect((await reset(account.email, token)).status).toBe(200);
    });

    it("checks the link before any password hashing: made-up links cost no argon2", async () => {
      const account = await registerUser(t);
      const hashedBefore = newPasswordsHashed();
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          reset(i % 2 ? account.email : `nadie${i}@example.com`, madeUpToken()),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(400));
      expect(newPasswordsHashed()).toBe(hashedBefore);
    });

    it("allows 10 attempts per client address per 15 minutes, then 429", async () => {
      const ip = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        statuses.push(
          (await reset(`sonda${i}@example.com`, madeUpToken(), newPassword, ip)).status,
        );
      }
      expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
      // counted before the form is read: an empty one is refused as well
      const empty = await t.post("/api/reset-password", {}, undefined, ip);
      expect(empty.status).toBe(429);
      expect(Number(empty.headers.get("retry-after"))).toBeGreaterThan(800);
    });

    it("refuses wrong links for one e-mail after 10, from any address, but never the real link", async () => {
      const account = await registerUser(t);
      const token = tokenOf(await resetLink(account.email));
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await reset(account.email, madeUpToken())).status);
      expect(statuses).toEqual([...Array(10).fill(400), 429, 429]);
      expect((await reset(account.email, token)).status).toBe(200);
    });
  });
});
