import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
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
  options: { remember?: boolean; browser?: string } = {},
): Promise<string> {
  const token = generateToken();
  const lifetime = options.remember ? accessTokenLifetime.remembered : accessTokenLifetime.session;
  await db.insert(accessTokens).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: new Date(Date.now() + lifetime),
    last_used_at: sql`now()`,
    browser: options.browser ?? null,
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

/** «Last used» for the session list (decision 221); announces nothing to the caches (0035). */
export async function touchAccessToken(db: Database, tokenHash: string): Promise<void> {
  await db
    .update(accessTokens)
    .set({ last_used_at: sql`now()` })
    .where(eq(accessTokens.token_hash, tokenHash));
}

/** A signed-in user's live sessions, newest use first, for the session list (decision 221). */
export async function liveSessions(db: Database, userId: number, currentHash: string) {
  const rows = await db
    .select({
      id: accessTokens.id,
      browser: accessTokens.browser,
      created_at: accessTokens.created_at,
      last_used_at: accessTokens.last_used_at,
      expires_at: accessTokens.expires_at,
      token_hash: accessTokens.token_hash,
    })
    .from(accessTokens)
    .where(and(eq(accessTokens.user_id, userId), gt(accessTokens.expires_at, sql`now()`)))
    .orderBy(desc(sql`coalesce(${accessTokens.last_used_at}, ${accessTokens.created_at})`));
  return rows.map(({ token_hash, ...row }) => ({ ...row, current: token_hash === currentHash }));
}

/**
 * Closes the user's sessions other than the current one: all of them, or the one `id` names.
 * Answers the hashes of the tokens deleted, for this instance's cache to forget at once (the
 * others hear migration 0002's announcement).
 */
export async function closeOtherSessions(
  db: Pick<Database, "delete">,
  userId: number,
  currentHash: string,
  id?: number,
): Promise<string[]> {
  const rows = await db
    .delete(accessTokens)
    .where(
      and(
        eq(accessTokens.user_id, userId),
        ne(accessTokens.token_hash, currentHash),
        id === undefined ? undefined : eq(accessTokens.id, id),
      ),
    )
    .returning({ hash: accessTokens.token_hash });
  return rows.map((row) => row.hash);
}
