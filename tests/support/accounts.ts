import { desc, eq } from "drizzle-orm";
import { expect, vi } from "vitest";
import { hashToken } from "../../server/auth/tokens.ts";
import { mailOutbox, oneTimeTokens } from "../../server/db/schema.ts";
import { type TestApp, uniqueIp } from "./app.ts";

let sequence = 0;

/** A password that passes the policy (long, not on the common list). */
export const goodPassword = "tejado-de-teja-árabe-2026";

/** Registers a fresh account through the API and returns what the client would keep. */
export async function registerUser(
  t: TestApp,
  fields: { name?: string; email?: string; password?: string } = {},
) {
  sequence += 1;
  const email = fields.email ?? `cliente${sequence}-${Date.now()}@example.com`;
  const password = fields.password ?? goodPassword;
  const res = await t.post(
    "/api/register",
    {
      name: fields.name ?? "Lucía Martínez",
      email,
      password,
      password_confirmation: password,
    },
    undefined,
    uniqueIp(),
  );
  expect(res.status).toBe(201);
  const body = await res.json();
  return {
    email: email.trim().toLowerCase(),
    password,
    token: body.token as string,
    user: body.user,
  };
}

/**
 * The link in the newest queued mail to `to` whose path starts with `path`; waits for it (and,
 * with `newerThan`, for a link other than that one).
 */
export async function linkInOutbox(
  t: TestApp,
  to: string,
  path: string,
  newerThan?: string,
): Promise<string> {
  return vi.waitFor(
    async () => {
      const rows = await t.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
        .orderBy(desc(mailOutbox.id));
      const link = rows
        .flatMap((r) => r.text.match(/https?:\/\/\S+/g) ?? [])
        .find((l) => new URL(l).pathname.startsWith(path));
      if (!link || link === newerThan) throw new Error(`no ${path} link queued for ${to}`);
      return link;
    },
    { timeout: 5_000, interval: 50 },
  );
}

/** The last path segment of a mailed link: the one-time token. */
export const tokenOf = (link: string) => link.split("/").pop() as string;

/** Moves a mailed link's one-time token past its end, as if its lifetime had gone by. */
export async function expireLink(t: TestApp, token: string): Promise<void> {
  await t.db
    .update(oneTimeTokens)
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where(eq(oneTimeTokens.token_hash, hashToken(token)));
}
