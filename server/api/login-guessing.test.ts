import { describe, expect, it } from "vitest";
import { linkInOutbox, registerUser, tokenOf } from "../../tests/support/accounts.ts";
import { createTestApp, perSuite, uniqueIp } from "../../tests/support/app.ts";
import { skipDatabase } from "../../tests/support/database.ts";

/**
 * Guessing passwords beyond one e-mail and address (decision 073): one account from many
 * addresses, and many accounts from one address, are slowed; the customer is never locked out.
 */
describe.skipIf(skipDatabase)("password guessing", () => {
  const t = perSuite(() => createTestApp());

  const login = (email: string, password: string, ip = uniqueIp()) =>
    t.post("/api/login", { email, password }, undefined, ip);
  const guess = (email: string, ip?: string) => login(email, "a-ver-si-cuela-2026", ip);

  /** 20 wrong passwords for `email`, each from an address of its own. */
  const twentyGuessesFromTwentyAddresses = async (email: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await guess(email)).status);
    expect(statuses).toEqual(Array(20).fill(401));
  };

  it("one account from many addresses: 20 wrong passwords in 15 minutes, then 429 from anywhere new", async () => {
    const account = await registerUser(t);
    await twentyGuessesFromTwentyAddresses(account.email);
    const refused = await guess(account.email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(800);
    const body = await refused.json();
    expect(body.title).toBe("Demasiados intentos");
    expect(body.message).toContain("¿Olvidaste tu contraseña?");
    // the right password from a new address waits too: the guesser cannot tell it apart
    expect((await login(account.email, account.password)).status).toBe(429);
    // an unknown e-mail is limited the same way, so the limit tells nobody who has an account
    await twentyGuessesFromTwentyAddresses("nadie-de-nadie@example.com");
    expect((await guess("nadie-de-nadie@example.com")).status).toBe(429);
  });

  it("never locks the customer out: their own address still signs in", async () => {
    const account = await registerUser(t);
    const home = uniqueIp();
    expect((await login(account.email, account.password, home)).status).toBe(200);
    await twentyGuessesFromTwentyAddresses(account.email);
    expect((await guess(account.email)).status).toBe(429);
    expect((await login(account.email, account.password, home)).status).toBe(200);
  });

  it("a password reset lifts the account's limit at once", async () => {
    const account = await registerUser(t);
    await twentyGuessesFromTwentyAddresses(account.email);
    expect((await login(account.email, account.password)).status).toBe(429);
    const forgot = await t.post(
      "/api/forgot-password",
      { email: account.email },
      undefined,
      uniqueIp(),
    );
    expect(forgot.status).toBe(200);
    const token = tokenOf(await linkInOutbox(t, account.email, "/change-password/"));
    const password = "cal-y-arena-del-turia-2027";
    const reset = await t.post(
      "/api/reset-password",
      { email: account.email, token, password, password_confirmation: password },
      undefined,
      uniqueIp(),
    );
    expect(reset.status).toBe(200);
    expect((await login(account.email, password)).status).toBe(200);
  });

  it("many accounts from one address: 30 wrong passwords in 10 minutes, then 429", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await guess(`rociada${i}@example.com`, ip)).status);
    expect(statuses).toEqual([...Array(30).fill(401), 429]);
  });

  it("sign-ins that succeed do not use up the address's allowance", async () => {
    const account = await registerUser(t);
    const office = uniqueIp();
    for (let i = 0; i < 29; i++) await guess(`otra${i}@example.com`, office);
    for (let i = 0; i < 5; i++) {
      expect((await login(account.email, account.password, office)).status).toBe(200);
    }
    expect((await guess("la-ultima@example.com", office)).status).toBe(401);
    expect((await guess("la-ultima@example.com", office)).status).toBe(429);
  });
});
