import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { oneTimeTokens } from "../db/schema.ts";
import { generateToken, hashToken } from "./tokens.ts";

export type OneTimePurpose = "verify_email" | "reset_password";

/** ARCHITECTURE: verification and reset links work for 60 minutes. */
export const oneTimeTokenLifetimeMs = 60 * 60 * 1000;

/** A shape check before any query: links are 43 base64url characters. */
export const tokenPattern = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * Issues a fresh link token. Older tokens of the same purpose are deleted first, so only the
 * newest mail's link works (a leaked older mail is worth nothing).
 */
export async function issueOneTimeToken(
  db: Database,
  userId: number,
  purpose: OneTimePurpose,
): Promise<string> {
  const token = generateToken();
  await db.transaction(async (tx) => {
    await tx
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.user_id, userId), eq(oneTimeTokens.purpose, purpose)));
    await tx.insert(oneTimeTokens).values({
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + oneTimeTokenLifetimeMs),
    });
  });
  return token;
}

/**
 * Marks the token used and returns its user, or undefined when it is unknown, expired, already
 * used or (with `userId`) someone else's. One UPDATE, so two clicks racing use it once.
 * `db` may be a transaction, so the caller's change commits together with the use.
 */
export async function consumeOneTimeToken(
  db: Pick<Database, "update">,
  token: string,
  purpose: OneTimePurpose,
  userId?: number,
): Promise<number | undefined> {
  if (!tokenPattern.test(token)) return undefined;
  const [row] = await db
    .update(oneTimeTokens)
    .set({ used_at: new Date() })
    .where(
      and(
        eq(oneTimeTokens.token_hash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.used_at),
        gt(oneTimeTokens.expires_at, new Date()),
        userId === undefined ? undefined : eq(oneTimeTokens.user_id, userId),
      ),
    )
    .returning({ user_id: oneTimeTokens.user_id });
  return row?.user_id;
}
