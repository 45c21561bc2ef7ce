import { issueOneTimeToken } from "../auth/one-time-tokens.ts";
import type { Dependencies } from "../dependencies.ts";
import { verificationMail } from "../mail/verification-mail.ts";

/** ARCHITECTURE: the link the mail carries, opened by the /verify-email/:token screen. */
export function verificationLink(appUrl: string, token: string): string {
  return `${appUrl}/verify-email/${token}`;
}

/** Issues a fresh link (older ones stop working) and queues the mail. */
export async function sendVerificationMail(
  { db, env, mail }: Dependencies,
  user: { id: number; name: string; email: string },
): Promise<void> {
  const token = await issueOneTimeToken(db, user.id, "verify_email");
  await mail.send(verificationMail(user, verificationLink(env.APP_URL, token)));
}
