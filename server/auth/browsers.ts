// Which browser a sign-in came from (decision 221): in words for the session list, and whether
// a staff member has signed in from it before. A browser is recognised by a random id the
// server gives it at a staff member's sign-in, which it keeps for staff sessions only: no
// visitor or customer is ever given one, and nothing is read from the device to make it.

import Bowser from "bowser";
import { and, eq, lt, sql } from "drizzle-orm";
import { unknownBrowser } from "../../content/account-fields.ts";
import type { Database } from "../db/client.ts";
import { staffBrowsers } from "../db/schema.ts";
import { generateToken, hashToken } from "./tokens.ts";

const platformWords: Record<string, string> = {
  mobile: "móvil",
  tablet: "tableta",
};

/** "Chrome en Windows", "Safari en iOS (móvil)"; `unknownBrowser` when it cannot tell. */
export function describeBrowser(userAgent: string | undefined): string {
  if (!userAgent) return unknownBrowser;
  const parsed = Bowser.parse(userAgent.slice(0, 512));
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  const kind = platformWords[parsed.platform.type ?? ""];
  if (!browser && !os) return unknownBrowser;
  const words = `${browser ?? "Navegador"}${os ? ` en ${os}` : ""}`;
  return kind ? `${words} (${kind})` : words;
}

/** The id a browser keeps: a token's shape; anything else is no id. */
export const browserIdPattern = /^[A-Za-z0-9_-]{43}$/;

/** A browser unseen this long is forgotten: its next sign-in is announced again. */
const forgetAfterDays = 400;

/**
 * Whether the staff member has signed in from this browser before. `browserId` is what the
 * browser sent (or nothing); answers the id it is to keep (the same when it had a valid one,
 * else a new one) and whether it is new to this account.
 */
export async function recogniseBrowser(
  db: Database,
  userId: number,
  browserId: string | undefined,
): Promise<{ id: string; isNew: boolean }> {
  const id = browserId && browserIdPattern.test(browserId) ? browserId : generateToken();
  const known = await db
    .update(staffBrowsers)
    .set({ last_seen_at: sql`now()` })
    .where(and(eq(staffBrowsers.user_id, userId), eq(staffBrowsers.browser_hash, hashToken(id))))
    .returning({ at: staffBrowsers.first_seen_at });
  if (known.length) return { id, isNew: false };
  await db
    .delete(staffBrowsers)
    .where(
      and(
        eq(staffBrowsers.user_id, userId),
        lt(staffBrowsers.last_seen_at, sql`now() - make_interval(days => ${forgetAfterDays})`),
      ),
    );
  await db
    .insert(staffBrowsers)
    .values({ user_id: userId, browser_hash: hashToken(id) })
    .onConflictDoNothing();
  return { id, isNew: true };
}
