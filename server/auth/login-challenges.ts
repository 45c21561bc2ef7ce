// The step between a password accepted and a second factor's code (decision 220): the login
// answers a challenge instead of a token; the code must come back with it within minutes, and
// it opens one session, once. Stored as SHA-256, like every token (decision 010).
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { loginChallenges } from "../db/schema.ts";
import { generateToken, hashToken } from "./tokens.ts";

/** Long enough to open the app and type a code, short enough to be no second password. */
export const challengeLifetimeMs = 5 * 60_000;
/** Wrong codes one challenge takes before the password must be typed again. */
export const challengeAttempts = 5;

export interface Challenge {
  id: number;
  user_id: number;
  remember: boolean;
}

/** A new challenge for the account; its expired or spent ones are deleted on the way. */
export async function issueChallenge(
  db: Database,
  userId: number,
  options: { remember: boolean },
): Promise<string> {
  await db
    .delete(loginChallenges)
    .where(
      and(
        eq(loginChallenges.user_id, userId),
        or(lt(loginChallenges.expires_at, sql`now()`), sql`${loginChallenges.used_at} is not null`),
      ),
    );
  const challenge = generateToken();
  await db.insert(loginChallenges).values({
    user_id: userId,
    challenge_hash: hashToken(challenge),
    remember: options.remember,
    expires_at: new Date(Date.now() + challengeLifetimeMs),
  });
  return challenge;
}

/** The live challenge: not used, not expired, not out of attempts. */
export async function liveChallenge(
  db: Database,
  challenge: string,
): Promise<Challenge | undefined> {
  const [row] = await db
    .select({
      id: loginChallenges.id,
      user_id: loginChallenges.user_id,
      remember: loginChallenges.remember,
    })
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.challenge_hash, hashToken(challenge)),
        isNull(loginChallenges.used_at),
        gt(loginChallenges.expires_at, sql`now()`),
        lt(loginChallenges.attempts, challengeAttempts),
      ),
    );
  return row;
}

/** A wrong code sent with the challenge: one attempt fewer. */
export async function countWrongCode(db: Database, id: number): Promise<void> {
  await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, id));
}

/** Uses the challenge up; false when another request did first. */
export async function spendChallenge(db: Database, id: number): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ used_at: sql`now()` })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.used_at)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}
