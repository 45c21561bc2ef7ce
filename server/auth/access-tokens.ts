import { and, eq, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { accessTokens } from "../db/schema.ts";
import { generateToken, hashToken } from "./tokens.ts";

const hour = 60 * 60 * 1000;

/**
 * "Remember me" keeps a device signed in for a month; otherwise the token outlives a working
 * day but not the night (docs/decisions/010-token-design.md).
 */
export const accessTokenLifetime = { remembered: 30 * 24 * hour, session: 12 * hour } as const;

/** Creates a bearer token for the user; only its hash is stored. */
export async function issueAccessToken(
  db: Database,
  userId: number,
  options: { remember?: boolean } = {},
): Promise<string> {
  const token = generateToken();
  const lifetime = options.remember ? accessTokenLifetime.remembered : accessTokenLifetime.session;
  await db.insert(accessTokens).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + lifetime),
  });
  await forgetExpiredAccessTokens(db, userId);
  return token;
}

/** Logout: the token stops working at once. */
export async function revokeAccessToken(db: Database, tokenHash: string): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.token_hash, tokenHash));
}

/** Password reset: every device signed in as this user is signed out. */
export async function revokeAllAccessTokens(
  db: Pick<Database, "delete">,
  userId: number,
): Promise<void> {
  await db.delete(accessTokens).where(eq(accessTokens.user_id, userId));
}

/** Housekeeping on each sign-in, so the table holds only a user's live tokens. */
async function forgetExpiredAccessTokens(db: Database, userId: number): Promise<void> {
  await db
    .delete(accessTokens)
    .where(and(eq(accessTokens.user_id, userId), lt(accessTokens.expires_at, new Date())));
}
