// A second factor for staff (decision 220): TOTP codes (RFC 6238) from an authenticator app,
// through otplib, and ten single-use recovery codes. What is stored: the TOTP secret (it must be
// read to check a code), the time step of the last code taken, and the recovery codes' SHA-256.
import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import { renderSVG } from "uqr";
import { company } from "../../content/company.ts";
import { officeDay } from "../../content/office-clock.ts";
import type { Database } from "../db/client.ts";
import { recoveryCodes, twoFactorSecrets } from "../db/schema.ts";
import { hashToken } from "./tokens.ts";

/** SPEC §6's roles that enter the admin: the second factor is theirs to have (and to be required). */
export const twoFactorRoles: readonly string[] = ["super_admin", "admin"];

/** The setting of server/env.ts that says from when they must have one. */
export interface TwoFactorPolicy {
  TWO_FACTOR_REQUIRED_FROM?: string | undefined;
}

/** Whether the required date has come (from midnight in Madrid on that day). */
export function secondFactorDue(policy: TwoFactorPolicy, now = new Date()): boolean {
  const from = policy.TWO_FACTOR_REQUIRED_FROM;
  return from !== undefined && officeDay(now) >= from;
}

/** Codes are taken from 30 s before to 30 s after their own step: a phone's clock a little off. */
const epochTolerance = 30;
const period = 30;

/** A 160-bit secret, base32, as authenticator apps take it (RFC 4226's recommended length). */
export const newTotpSecret = () => generateSecret({ length: 20 });

/** What the app scans: the company as issuer, the staff member's e-mail as the account. */
export function otpauthUri(email: string, secret: string): string {
  return generateURI({ issuer: company.name, label: email, secret, period });
}

/**
 * The QR code of `uri` as SVG, drawn by the server: the browser shows it as an image and loads
 * no QR library at all (decision 220).
 */
export const qrSvg = (uri: string) => renderSVG(uri, { border: 2 });

/** The time step of a valid TOTP code later than `after`, or undefined. */
export async function totpStep(
  secret: string,
  code: string,
  after: number | null,
  now = Date.now(),
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance,
    epoch: Math.floor(now / 1000),
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  // The TOTP strategy's answer carries its time step (HOTP's, in the same union, does not).
  return result.valid && "timeStep" in result ? result.timeStep : undefined;
}

/** Crockford's base32: no i, l, o or u, so nothing reads as another character. */
const alphabet = "0123456789abcdefghjkmnpqrstvwxyz";
export const recoveryCodeCount = 10;

/** 80 random bits as «xxxx-xxxx-xxxx-xxxx»: a fast hash is enough for that much entropy. */
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((byte) => alphabet[byte & 31]).join("");
  return chars.match(/.{4}/g)?.join("-") ?? chars;
}

/** A recovery code as typed (any case, spaces or hyphens, I/L for 1, O for 0), or undefined. */
export function normalRecoveryCode(typed: string): string | undefined {
  const plain = typed.toLowerCase().replace(/[\s-]/g, "").replace(/[il]/g, "1").replace(/o/g, "0");
  return /^[0-9a-hjkmnp-tv-z]{16}$/.test(plain) ? plain : undefined;
}

/** What a typed code is: six digits from the app, or a recovery code; undefined if neither. */
export function readCode(
  typed: string,
): { kind: "totp"; code: string } | { kind: "recovery"; code: string } | undefined {
  const digits = typed.replace(/\s/g, "");
  if (/^\d{6}$/.test(digits)) return { kind: "totp", code: digits };
  const recovery = normalRecoveryCode(typed);
  return recovery ? { kind: "recovery", code: recovery } : undefined;
}

/** The account's confirmed authenticator, if any. */
export async function confirmedSecret(db: Database, userId: number) {
  const [row] = await db
    .select()
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.user_id, userId), isNotNull(twoFactorSecrets.confirmed_at)));
  return row;
}

/**
 * Takes a code for the account's confirmed second factor, once: a TOTP code whose step is later
 * than the last one taken (the step is kept in the same statement, so two requests racing with
 * one code take it once), or one of its unused recovery codes (marked used). False otherwise.
 */
export async function takeSecondFactorCode(
  db: Database,
  userId: number,
  typed: string,
): Promise<{ taken: false } | { taken: true; kind: "totp" | "recovery" }> {
  const code = readCode(typed);
  if (!code) return { taken: false };
  if (code.kind === "recovery") {
    const used = await db
      .update(recoveryCodes)
      .set({ used_at: sql`now()` })
      .where(
        and(
          eq(recoveryCodes.user_id, userId),
          eq(recoveryCodes.code_hash, hashToken(code.code)),
          isNull(recoveryCodes.used_at),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return used.length ? { taken: true, kind: "recovery" } : { taken: false };
  }
  const secret = await confirmedSecret(db, userId);
  if (!secret) return { taken: false };
  const step = await totpStep(secret.secret, code.code, secret.last_time_step);
  if (step === undefined) return { taken: false };
  const kept = await keepStep(db, userId, step, true);
  return kept ? { taken: true, kind: "totp" } : { taken: false };
}

/** Records `step` as the last taken, unless one as late was taken meanwhile. */
async function keepStep(db: Database, userId: number, step: number, confirmed: boolean) {
  const rows = await db
    .update(twoFactorSecrets)
    .set({
      last_time_step: step,
      ...(confirmed ? {} : { confirmed_at: sql`now()` }),
    })
    .where(
      and(
        eq(twoFactorSecrets.user_id, userId),
        confirmed
          ? isNotNull(twoFactorSecrets.confirmed_at)
          : isNull(twoFactorSecrets.confirmed_at),
        or(isNull(twoFactorSecrets.last_time_step), lt(twoFactorSecrets.last_time_step, step)),
      ),
    )
    .returning({ id: twoFactorSecrets.user_id });
  return rows.length > 0;
}

/**
 * Enrolment, first half: a new secret for an account without a confirmed one (a secret shown
 * before and never confirmed is replaced). Undefined when one is already confirmed.
 */
export async function beginEnrolment(db: Database, userId: number): Promise<string | undefined> {
  const secret = newTotpSecret();
  const rows = await db
    .insert(twoFactorSecrets)
    .values({ user_id: userId, secret })
    .onConflictDoUpdate({
      target: twoFactorSecrets.user_id,
      set: { secret, last_time_step: null, created_at: sql`now()` },
      setWhere: isNull(twoFactorSecrets.confirmed_at),
    })
    .returning({ id: twoFactorSecrets.user_id });
  return rows.length ? secret : undefined;
}

/**
 * Enrolment, second half: the first code from the app confirms the secret; ten new recovery
 * codes replace any older ones. Answers the codes, shown once; undefined for a wrong code or
 * when nothing waits to be confirmed.
 */
export async function confirmEnrolment(
  db: Database,
  userId: number,
  typed: string,
): Promise<string[] | undefined> {
  const code = readCode(typed);
  if (code?.kind !== "totp") return undefined;
  const [pending] = await db
    .select()
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.user_id, userId), isNull(twoFactorSecrets.confirmed_at)));
  if (!pending) return undefined;
  const step = await totpStep(pending.secret, code.code, pending.last_time_step);
  if (step === undefined) return undefined;
  return db.transaction(async (tx) => {
    if (!(await keepStep(tx, userId, step, false))) return undefined;
    return replaceRecoveryCodes(tx, userId);
  });
}

/** Ten new recovery codes for the account, the old ones gone; answers them in clear, once. */
export async function replaceRecoveryCodes(db: Database, userId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await db.insert(recoveryCodes).values(
    codes.map((code) => ({
      user_id: userId,
      code_hash: hashToken(normalRecoveryCode(code) ?? ""),
    })),
  );
  return codes;
}

/** How many recovery codes the account has left. */
export async function recoveryCodesLeft(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return row?.left ?? 0;
}

/** Removes the account's second factor and its recovery codes; true when it had one. */
export async function removeSecondFactor(db: Database, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    const removed = await tx
      .delete(twoFactorSecrets)
      .where(eq(twoFactorSecrets.user_id, userId))
      .returning({ confirmed: twoFactorSecrets.confirmed_at });
    return removed.some((row) => row.confirmed !== null);
  });
}
