import { describe, expect, it } from "vitest";
import { expireLink, linkInOutbox, registerUser, tokenOf } from "../../tests/support/accounts.ts";
import { createTestApp, perSuite } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { hashToken } from "../auth/tokens.ts";
import { oneTimeTokens } from "../db/schema.ts";

const invalidLink = {
  title: "Enlace no válido",
  message:
    "Este enlace de verificación no es válido, ya se usó o ha caducado. Si ya verificaste tu correo, solo tienes que iniciar sesión; si no, pide un enlace nuevo desde tu panel.",
};

describe.skipIf(skipDatabase)("e-mail verification", () => {
  const t = perSuite(() => createTestApp());

  const verificationToken = async (email: string) =>
    tokenOf(await linkInOutbox(t, email, "/verify-email/"));

  it("verifies the account with the mailed link, once", async () => {
    const account = await registerUser(t);
    const token = await verificationToken(account.email);
    const res = await t.get(`/api/verify-email/${token}`, account.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      title: "Correo verificado",
      message: "Tu correo electrónico está confirmado. ¡Gracias!",
      yours: true,
    });
    const { user } = await (await t.get("/api/user", account.token)).json();
    expect(Date.parse(user.email_verified_at)).toBeGreaterThan(Date.now() - 60_000);

    const again = await t.get(`/api/verify-email/${token}`);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(invalidLink);
  });

  it("says «your e-mail» only to the account it verified: signed out or signed in as someone else, the link's address", async () => {
    const linkOf = {
      title: "Correo verificado",
      message: "El correo electrónico de este enlace está confirmado. ¡Gracias!",
      yours: false,
    };
    const dani = await registerUser(t, { name: "Dani" });
    const carla = await registerUser(t, { name: "Carla" });
    // Carla, signed in and unverified, opens Dani's link.
    const asCarla = await t.get(
      `/api/verify-email/${await verificationToken(dani.email)}`,
      carla.token,
    );
    expect(asCarla.status).toBe(200);
    const answer = await asCarla.json();
    expect(answer).toEqual(linkOf);
    // Nobody's address is in it, and Dani is verified, Carla is not.
    expect(JSON.stringify(answer)).not.toContain(dani.email);
    const user = async (token: string) => (await (await t.get("/api/user", token)).json()).user;
    expect((await user(dani.token)).email_verified_at).not.toBeNull();
    expect((await user(carla.token)).email_verified_at).toBeNull();

    // Signed out, and with a token that names nobody: the link still works, said of the link.
    const ana = await registerUser(t, { name: "Ana" });
    expect(
      await (await t.get(`/api/verify-email/${await verificationToken(ana.email)}`)).json(),
    ).toEqual(linkOf);
    const eva = await registerUser(t, { name: "Eva" });
    const stale = await t.get(
      `/api/verify-email/${await verificationToken(eva.email)}`,
      "A".repeat(43),
    );
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual(linkOf);
  });

  it("refuses an unknown or malformed token with 400", async () => {
    expect((await t.get(`/api/verify-email/${"A".repeat(43)}`)).status).toBe(400);
    const malformed = await t.get("/api/verify-email/%27%20or%201=1--");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual(invalidLink);
  });

  it("refuses a token older than 60 minutes", async () => {
    const account = await registerUser(t);
    const token = await verificationToken(account.email);
    await expireLink(t, token);
    expect((await t.get(`/api/verify-email/${token}`)).status).toBe(400);
    const { user } = await (await t.get("/api/user", account.token)).json();
    expect(user.email_verified_at).toBeNull();
  });

  it("stores only the token's hash", async () => {
    const account = await registerUser(t);
    const token = await verificationToken(account.email);
    const rows = await t.db.select().from(oneTimeTokens);
    expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  describe("GET /api/email/resend", () => {
    it("mails a new link and the older one stops working", async () => {
      const account = await registerUser(t);
      const first = await verificationToken(account.email);
      const res = await t.get("/api/email/resend", account.token);
      expect(res.status).toBe(200);
      expect((await res.json()).title).toBe("Correo enviado");
      const second = await verificationToken(account.email);
      expect(second).not.toBe(first);
      expect((await t.get(`/api/verify-email/${first}`)).status).toBe(400);
      expect((await t.get(`/api/verify-email/${second}`)).status).toBe(200);
    });

    it("needs a signed-in user", async () => {
      expect((await t.get("/api/email/resend")).status).toBe(401);
    });

    it("answers 400 when the e-mail is already verified", async () => {
      const account = await registerUser(t);
      await t.get(`/api/verify-email/${await verificationToken(account.email)}`);
      const res = await t.get("/api/email/resend", account.token);
      expect(res.status).toBe(400);
      expect((await res.json()).title).toBe("Correo ya verificado");
    });

    it("allows 3 resends per 10 minutes, then 429 with Retry-After", async () => {
      const account = await registerUser(t);
      for (let i = 0; i < 3; i++) {
        expect((await t.get("/api/email/resend", account.token)).status).toBe(200);
      }
      const res = await t.get("/api/email/resend", account.token);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(540);
    });
  });
});
