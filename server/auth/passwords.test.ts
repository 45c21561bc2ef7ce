import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import commonPasswordList from "./common-passwords.json" with { type: "json" };
import {
  hashingQueues,
  hashPassword,
  isCommonPassword,
  passwordSchema,
  verifyAgainstDummy,
  verifyPassword,
} from "./passwords.ts";

const messagesFor = (password: unknown) => {
  const result = passwordSchema.safeParse(password);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe("password hashing", () => {
  it("stores argon2id with OWASP's minimum cost and verifies only the right password", async () => {
    const stored = await hashPassword("azulejo-de-manises-2026");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, "azulejo-de-manises-2026")).toBe(true);
    expect(await verifyPassword(stored, "azulejo-de-manises-2027")).toBe(false);
    expect(await verifyPassword("not a hash", "azulejo-de-manises-2026")).toBe(false);
  });

  it("checks a sign-in while new passwords are being hashed, without waiting for all of them", async () => {
    const stored = await hashPassword("azulejo-de-manises-2026");
    // a flood of sign-ups or resets, several times more than the machine has cores
    const flood = availableParallelism() * 4;
    const hashes = Array.from({ length: flood }, (_, i) => hashPassword(`riada-de-claves-${i}`));
    const signIn = verifyPassword(stored, "azulejo-de-manises-2026");
    await new Promise((started) => setImmediate(started));
    // Read from the queues, not from the clock: how many hashes finish first depends on how the
    // kernel shares a loaded machine's cores (CI saw 0 to 9 of 16), not on this code.
    const queues = hashingQueues();
    expect(queues.signInChecks).toEqual({ running: 1, waiting: 0 });
    expect(queues.newPasswords.running).toBe(1);
    expect(queues.newPasswords.waiting).toBeGreaterThanOrEqual(flood - 2);
    expect(await signIn).toBe(true);
    await Promise.all(hashes);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("misma-clave-2026")).not.toBe(await hashPassword("misma-clave-2026"));
  });

  it("matches the same password typed as other Unicode code points", async () => {
    const composed = "contraseñaño-2026"; // ñ as one code point
    const decomposed = composed.normalize("NFD"); // n + combining tilde
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassword(await hashPassword(composed), decomposed)).toBe(true);
  });

  it("spends a real verification on unknown accounts and never succeeds", async () => {
    expect(await verifyAgainstDummy("lo-que-sea-2026")).toBe(false);
  });
});

describe("password policy (NIST SP 800-63B)", () => {
  it("holds the 10,000 most common passwords", () => {
    const list: string[] = commonPasswordList;
    expect(list).toHaveLength(10_000);
    expect(list.slice(0, 5)).toEqual(["password", "123456", "12345678", "1234", "qwerty"]);
    expect(isCommonPassword("Password")).toBe(true);
    expect(isCommonPassword("trustno1")).toBe(true);
    expect(isCommonPassword("azulejo-de-manises-2026")).toBe(false);
  });

  it("accepts 8 to 128 characters with no composition rules", () => {
    expect(messagesFor("tejadoazul")).toEqual([]);
    expect(messagesFor("x".repeat(64))).toEqual([]);
    expect(messagesFor("á".repeat(128))).toEqual([]);
  });

  it("counts characters as a person sees them", () => {
    expect(messagesFor("🏠🏠🏠🏠🏠🏠🏠🏠")).toEqual([]);
    expect(messagesFor("🏠🏠🏠🏠")).toEqual(["La contraseña debe tener al menos 8 caracteres."]);
  });

  it("refuses short, long, common and missing passwords in Spanish", () => {
    expect(messagesFor("1234567")).toEqual(["La contraseña debe tener al menos 8 caracteres."]);
    expect(messagesFor("y".repeat(129))).toEqual([
      "La contraseña no puede tener más de 128 caracteres.",
    ]);
    expect(messagesFor("baseball")).toEqual([
      "Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.",
    ]);
    expect(messagesFor(undefined)).toEqual(["La contraseña es obligatoria."]);
    expect(messagesFor(12345678)).toEqual(["La contraseña debe ser texto."]);
  });
});
