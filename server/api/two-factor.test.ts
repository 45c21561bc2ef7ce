import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { createTestApp, json, perSuite, type TestApp, uniqueIp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";
import { signIn } from "../../tests/support/users.ts";
import { hashToken } from "../auth/tokens.ts";
import {
  accessTokens,
  adminAudit,
  loginChallenges,
  mailOutbox,
  recoveryCodes,
  twoFactorSecrets,
} from "../db/schema.ts";
import { createUser } from "../users/create-user.ts";

const password = "azulejo-de-manises-2026";
const chrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
let serial = 0;

/** The code the app shows `steps` periods of 30 s from now (as a phone whose clock is off). */
const codeAt = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** A verified member of staff with a real password, signed in (a token) but not enrolled. */
async function staffMember(t: TestApp, role: "admin" | "super_admin" = "super_admin") {
  serial += 1;
  const email = `equipo${serial}-${Date.now()}@example.test`;
  const user = await createUser(t.db, { name: "Marta Gil", email, password, role, verified: true });
  return { ...user, token: await signIn(t.db, user.id) };
}

/** Enrols `staff` through the API; answers the secret and the recovery codes. */
async function enrol(t: TestApp, token: string) {
  const setup = await t.post("/api/two-factor/setup", {}, token);
  expect(setup.status).toBe(200);
  const { secret, otpauth_uri, qr_svg } = await json(setup);
  expect(otpauth_uri).toContain(`secret=${secret}`);
  expect(qr_svg).toMatch(/^<svg /);
  // The step before now (the phone a little slow), so that now's and the next remain for sign-ins.
  const confirmed = await t.post(
    "/api/two-factor/confirm",
    { code: await codeAt(secret, -1) },
    token,
  );
  expect(confirmed.status).toBe(200);
  const { recovery_codes } = await json(confirmed);
  return { secret: secret as string, recoveryCodes: recovery_codes as string[] };
}

/** A fresh sign-in's first step from `ip`: the challenge the password opens. */
async function challengeFor(t: TestApp, email: string, ip: string, remember = false) {
  const res = await t.post("/api/login", { email, password, remember }, undefined, ip);
  expect(res.status).toBe(200);
  const body = await json(res);
  expect(body).not.toHaveProperty("token");
  expect(body).not.toHaveProperty("user");
  expect(body).toMatchObject({ two_factor: "code", expires_in: 300 });
  return body.challenge as string;
}

const secondStep = (t: TestApp, challenge: string, code: string, ip: string, browser?: string) =>
  t.request("POST", "/api/login/two-factor", { challenge, code, browser }, undefined, ip);

describe.skipIf(skipDatabase)("a second factor for staff (decision 220)", () => {
  const t = perSuite(() => createTestApp());

  it("enrolment: a secret and its QR code, then the first code gives ten recovery codes, closes the other sessions and is audited", async () => {
    const staff = await staffMember(t);
    const other = await signIn(t.db, staff.id);
    expect((await t.get("/api/user", other)).status).toBe(200);

    const setup = await json(await t.post("/api/two-factor/setup", {}, staff.token));
    const wrong = await t.post("/api/two-factor/confirm", { code: "000000" }, staff.token);
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).errors.code[0]).toMatch(/^El código no es correcto/);

    const confirmed = await t.post(
      "/api/two-factor/confirm",
      { code: await codeAt(setup.secret) },
      staff.token,
    );
    expect(confirmed.status).toBe(200);
    const { recovery_codes } = await json(confirmed);
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    // Stored hashed, never in clear.
    const stored = await t.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.user_id, staff.id));
    expect(stored.map((row) => row.code_hash)).not.toContain(recovery_codes[0]);

    expect((await json(await t.get("/api/user", staff.token))).user.two_factor).toEqual({
      enabled: true,
      required_from: null,
      required: false,
    });
    expect((await t.get("/api/user", other)).status).toBe(401);
    const [entry] = await t.db.select().from(adminAudit).where(eq(adminAudit.record_id, staff.id));
    expect(entry).toMatchObject({ action: "two_factor_enrol", actor_id: staff.id });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, staff.email));
    expect(mails.map((m) => m.subject)).toContain(
      "Has activado la verificación en dos pasos en Obra Mediterránea",
    );
    // A second enrolment over the first is refused: it must be removed first.
    expect((await t.post("/api/two-factor/setup", {}, staff.token)).status).toBe(409);
  });

  it("sign-in: the password answers a challenge, the code then gives SPEC §7's user and token", async () => {
    const staff = await staffMember(t);
    const { secret } = await enrol(t, staff.token);
    const ip = uniqueIp();
    const challenge = await challengeFor(t, staff.email, ip, true);
    const res = await secondStep(t, challenge, await codeAt(secret, 1), ip);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({ id: staff.id, email: staff.email });
    expect((await t.get("/api/user", body.token)).status).toBe(200);
    // «Recordarme» travels with the challenge: 30 days.
    const [token] = await t.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.token_hash, hashToken(body.token)));
    expect(token && token.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
  });

  it("refuses a wrong code, a code reused, and an earlier code replayed within its window", async () => {
    const staff = await staffMember(t);
    const { secret } = await enrol(t, staff.token);
    const ip = uniqueIp();
    const challenge = await challengeFor(t, staff.email, ip);
    const wrong = await secondStep(t, challenge, "000000", ip);
    expect(wrong.status).toBe(401);
    expect((await json(wrong)).message).toMatch(/^El código no es correcto o ya se ha usado/);

    const code = await codeAt(secret, 0);
    expect((await secondStep(t, challenge, code, ip)).status).toBe(200);
    const again = await challengeFor(t, staff.email, ip);
    // The same code a second time, still inside its 30 seconds.
    expect((await secondStep(t, again, code, ip)).status).toBe(401);
    // The code of the step before, still inside the ±30 s tolerance, but older than the last taken.
    expect((await secondStep(t, again, await codeAt(secret, -1), ip)).status).toBe(401);
    // The app's next code is taken, on the same challenge (it had attempts left).
    expect((await secondStep(t, again, await codeAt(secret, 1), ip)).status).toBe(200);
  });

  it("takes each recovery code once, in any case and with spaces, and says how many are left", async () => {
    const staff = await staffMember(t);
    const { recoveryCodes: codes } = await enrol(t, staff.token);
    const ip = uniqueIp();
    const typed = ` ${codes[3]?.toUpperCase().replaceAll("-", " ")} `;
    const first = await secondStep(t, await challengeFor(t, staff.email, ip), typed, ip);
    expect(first.status).toBe(200);
    expect((await json(first)).message).toContain("te quedan 9");
    const reused = await secondStep(t, await challengeFor(t, staff.email, ip), codes[3] ?? "", ip);
    expect(reused.status).toBe(401);
  });

  it("refuses a challenge replayed after its use, expired, or out of attempts: back to the password", async () => {
    const staff = await staffMember(t);
    const { secret } = await enrol(t, staff.token);
    const ip = uniqueIp();
    const used = await challengeFor(t, staff.email, ip);
    expect((await secondStep(t, used, await codeAt(secret, 1), ip)).status).toBe(200);
    const replayed = await secondStep(t, used, await codeAt(secret, 2), ip);
    expect(replayed.status).toBe(401);
    expect(await json(replayed)).toMatchObject({ next_step: "sign_in_again" });

    const expired = await challengeFor(t, staff.email, ip);
    await t.db
      .update(loginChallenges)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.challenge_hash, hashToken(expired)));
    const late = await secondStep(t, expired, await codeAt(secret, 2), ip);
    expect(late.status).toBe(401);
    expect(await json(late)).toMatchObject({ next_step: "sign_in_again" });

    const guessed = await challengeFor(t, staff.email, ip);
    for (let i = 0; i < 5; i++) {
      expect((await secondStep(t, guessed, `00000${i}`, ip)).status).toBe(401);
    }
    const sixth = await secondStep(t, guessed, await codeAt(secret, 2), ip);
    expect(await json(sixth)).toMatchObject({ next_step: "sign_in_again" });

    const madeUp = await secondStep(t, "x".repeat(43), "123456", ip);
    expect(await json(madeUp)).toMatchObject({ next_step: "sign_in_again" });
  });

  it("counts wrong, reused and used recovery codes per account: the 11th code within 15 minutes is 429, the right one too", async () => {
    const staff = await staffMember(t);
    const { secret, recoveryCodes: codes } = await enrol(t, staff.token);
    const recovery = codes[0] ?? "";
    const taken = await codeAt(secret, 1);
    // One good sign-in each for a code and a recovery code, so both can then be sent again.
    const ok = uniqueIp();
    expect((await secondStep(t, await challengeFor(t, staff.email, ok), taken, ok)).status).toBe(
      200,
    );
    expect((await secondStep(t, await challengeFor(t, staff.email, ok), recovery, ok)).status).toBe(
      200,
    );
    // Ten refusals from ten addresses (no address counter runs out): wrong, reused, recovery used.
    const refused = [taken, recovery, ...Array.from({ length: 8 }, (_, i) => `11111${i}`)];
    for (const code of refused) {
      const ip = uniqueIp();
      expect((await secondStep(t, await challengeFor(t, staff.email, ip), code, ip)).status).toBe(
        401,
      );
    }
    const ip = uniqueIp();
    const limited = await secondStep(
      t,
      await challengeFor(t, staff.email, ip),
      await codeAt(secret, 2),
      ip,
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await json(limited)).message).toMatch(
      /demasiados códigos incorrectos para esta cuenta/,
    );
  });

  it("counts codes per address across accounts: 30 in 10 minutes, then 429", async () => {
    const ip = uniqueIp();
    const members = [
      await staffMember(t),
      await staffMember(t),
      await staffMember(t),
      await staffMember(t),
    ];
    for (const member of members) await enrol(t, member.token);
    let last: Response | undefined;
    for (let i = 0; i < 31; i++) {
      const member = members[i % members.length];
      if (!member) throw new Error("no member");
      // Each challenge takes 5 wrong codes; a new one every 4 keeps it alive.
      last = await secondStep(t, await challengeFor(t, member.email, ip), "999999", ip);
      if (i < 30) expect(last.status).toBe(401);
    }
    expect(last?.status).toBe(429);
  });

  it("mails a staff member a sign-in from a new browser, once per browser; guests get no browser id", async () => {
    const staff = await staffMember(t, "admin");
    const signInFrom = (browser?: string) =>
      t.app.request("/api/login", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "User-Agent": chrome,
          "X-Forwarded-For": "192.0.2.44",
        },
        body: JSON.stringify({ email: staff.email, password, ...(browser ? { browser } : {}) }),
      });
    const newBrowserMails = async () =>
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, staff.email))).filter((m) =>
        m.subject.startsWith("Nuevo inicio de sesión"),
      );

    const first = await json(await signInFrom());
    expect(first.browser).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [mail] = await newBrowserMails();
    expect(mail?.text).toContain("Chrome en Windows");
    expect(mail?.text).toContain("192.0.2.44");
    expect(mail?.text).toContain("http://localhost:3000/admin/seguridad");

    const again = await json(await signInFrom(first.browser));
    expect(again.browser).toBe(first.browser);
    expect(await newBrowserMails()).toHaveLength(1);
    // A made-up id is no id: a new browser, a new id, a new mail.
    const forged = await json(await signInFrom("not-an-id"));
    expect(forged.browser).not.toBe("not-an-id");
    expect(await newBrowserMails()).toHaveLength(2);

    const guestEmail = `cliente${Date.now()}@example.test`;
    await createUser(t.db, {
      name: "Cliente",
      email: guestEmail,
      password,
      role: "guest_user",
      verified: true,
    });
    const guest = await json(
      await t.post("/api/login", { email: guestEmail, password }, undefined, uniqueIp()),
    );
    expect(guest.token).toBeDefined();
    expect(guest).not.toHaveProperty("browser");
    expect(guest.user).not.toHaveProperty("two_factor");
  });

  it("once required, an admin without one enters no admin call until enrolled; before the date, only reminded", async () => {
    const late = await createTestApp({ env: { TWO_FACTOR_REQUIRED_FROM: "2020-01-01" } });
    const early = await createTestApp({ env: { TWO_FACTOR_REQUIRED_FROM: "2999-01-01" } });
    try {
      const staff = await staffMember(late, "admin");
      const me = await json(await late.get("/api/user", staff.token));
      expect(me.user.two_factor).toEqual({
        enabled: false,
        required_from: "2020-01-01",
        required: true,
      });
      for (const path of [
        "/api/admin/summary",
        "/api/admin/contacts?page=1",
        "/api/admin/campaigns/1",
      ]) {
        const res = await late.get(path, staff.token);
        expect(res.status, path).toBe(403);
        expect(await json(res)).toMatchObject({ next_step: "enrol_second_factor" });
      }
      // Removing it is refused while the role requires it.
      await enrol(late, staff.token);
      expect((await late.get("/api/admin/summary", staff.token)).status).toBe(200);
      const removal = await late.post("/api/two-factor/disable", { code: "123456" }, staff.token);
      expect(removal.status).toBe(403);

      const before = await staffMember(early, "admin");
      expect((await json(await early.get("/api/user", before.token))).user.two_factor).toEqual({
        enabled: false,
        required_from: "2999-01-01",
        required: false,
      });
      expect((await early.get("/api/admin/summary", before.token)).status).toBe(200);
    } finally {
      await late.close();
      await early.close();
    }
  });

  it("removal by its owner with a code, audited and mailed; the password alone signs in again", async () => {
    const staff = await staffMember(t);
    const { secret } = await enrol(t, staff.token);
    const res = await t.post(
      "/api/two-factor/disable",
      { code: await codeAt(secret, 1) },
      staff.token,
    );
    expect(res.status).toBe(200);
    expect(
      await t.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.user_id, staff.id)),
    ).toEqual([]);
    const actions = (
      await t.db.select().from(adminAudit).where(eq(adminAudit.record_id, staff.id))
    ).map((entry) => entry.action);
    expect(actions).toEqual(["two_factor_enrol", "two_factor_remove"]);
    const signedIn = await json(
      await t.post("/api/login", { email: staff.email, password }, undefined, uniqueIp()),
    );
    expect(signedIn.token).toBeDefined();
  });

  it("new recovery codes for a code from the app; the old ones stop working", async () => {
    const staff = await staffMember(t);
    const { secret, recoveryCodes: old } = await enrol(t, staff.token);
    const byRecovery = await t.post(
      "/api/two-factor/recovery-codes",
      { code: old[0] },
      staff.token,
    );
    expect(byRecovery.status).toBe(422);
    const res = await t.post(
      "/api/two-factor/recovery-codes",
      { code: await codeAt(secret, 1) },
      staff.token,
    );
    expect(res.status).toBe(200);
    const fresh = (await json(res)).recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    const ip = uniqueIp();
    expect(
      (await secondStep(t, await challengeFor(t, staff.email, ip), old[1] ?? "", ip)).status,
    ).toBe(401);
    expect(
      (await secondStep(t, await challengeFor(t, staff.email, ip), fresh[1] ?? "", ip)).status,
    ).toBe(200);
    const state = await json(await t.get("/api/two-factor", staff.token));
    expect(state).toMatchObject({ enabled: true, recovery_codes_left: 9 });
  });

  it("the users section of the admin shows neither the secret nor the codes", async () => {
    const staff = await staffMember(t);
    const { secret, recoveryCodes: codes } = await enrol(t, staff.token);
    const viewer = await staffMember(t);
    const hashes = (
      await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, staff.id))
    ).map((row) => row.code_hash);
    for (const path of [
      `/api/admin/users/detail/${staff.id}`,
      `/api/admin/users/create/${staff.id}`,
      "/api/admin/users?page=1&per_page=100",
      "/api/admin/users/export",
    ]) {
      const res = await t.get(path, viewer.token);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      for (const secretText of [secret, ...codes, ...hashes])
        expect(text).not.toContain(secretText);
    }
  });
});
