import { eq } from "drizzle-orm";
import { recordAudit } from "../audit-log.ts";
import { removeSecondFactor } from "../auth/two-factor.ts";
import type { Database } from "../db/client.ts";
import { accessTokens } from "../db/schema.ts";
import { secondFactorChangedMail } from "../mail/account-security-mails.ts";
import { queueMail } from "../mail/outbox.ts";
import { findUserByEmail } from "./account-fields.ts";

/** Who the audit log names for a reset: the operator at the server, not an account. */
export const operatorActor = {
  id: null,
  name: "Operador del servidor (npm run user:create)",
  email: "",
};

/**
 * `npm run user:create -- --reset-two-factor --email …` (decision 220): a staff member who lost
 * their phone and their recovery codes. Their second factor and recovery codes go, every session
 * of theirs is closed (whoever holds the phone holds nothing), the audit log says so and they
 * are told by mail; at their next sign-in the password alone opens the enrolment again. One
 * transaction: all of it, or none.
 */
export async function resetSecondFactor(
  db: Database,
  email: string,
): Promise<
  { ok: true; user: { id: number; name: string; email: string }; hadOne: boolean } | { ok: false }
> {
  const account = await findUserByEmail(db, email.trim());
  if (!account) return { ok: false };
  const user = { id: account.id, name: account.name, email: account.email };
  const hadOne = await db.transaction(async (tx) => {
    const removed = await removeSecondFactor(tx, user.id);
    // Deleting the tokens is announced to every instance's session cache (migration 0002).
    await tx.delete(accessTokens).where(eq(accessTokens.user_id, user.id));
    await recordAudit(tx, operatorActor, {
      action: "two_factor_reset",
      resource: "users",
      recordId: user.id,
      recordTitle: user.name,
      details: { had_second_factor: removed },
    });
    await queueMail(tx, secondFactorChangedMail(user, "reset", new Date()));
    return removed;
  });
  return { ok: true, user, hadOne };
}
